import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from '../testing/test-databases.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describeOnPostgres("Olo's postgres connections", () => {
  const kind = 'postgres';
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  // With JIT, a plan misestimated after a bulk insert (10,000 alarms) compiled for 250 ms while the
  // minute's missing-data check held every ingest batch (decision 0045).
  it('run without JIT, on every connection of the pool', async () => {
    const sql = olo.server.database.sql;
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        sql.begin((tx) => tx<Array<{ jit: string }>>`select current_setting('jit') as jit, pg_sleep(0.05)`),
      ),
    );
    expect(settings.map(([row]) => row?.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
