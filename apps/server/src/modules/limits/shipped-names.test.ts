import { displayName, languages, shippedNames } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

interface Named {
  id: number;
  name: string;
  nameKey: string | null;
}

const updateColor = 'mutation U($input: UpdateColorInput!) { updateColor(input: $input) { id name nameKey } }';
const updateLimit = 'mutation U($input: UpdateLimitInput!) { updateLimit(input: $input) { id name nameKey } }';

describe.each(testDatabases)('names of the shipped colours and limits on %s', (kind) => {
  let olo: TestServer;
  let siteAdmin: TestClient;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const site = await signedInClient(olo.url);
    siteAdmin = site.client;
    await olo.server.database.sql`update users set is_admin = true where id = ${site.account.id}`;
  });
  afterAll(() => olo?.close());

  const globalRows = async () =>
    expectData(
      await siteAdmin.graphql<{ globalLimits: Named[]; colors: Array<Named & { organizationId: string | null }> }>(
        '{ globalLimits { id name nameKey } colors { id name nameKey organizationId } }',
      ),
    );

  it('exist in fi, sv and en for every colour and limit a fresh Olo has', async () => {
    const { globalLimits, colors } = await globalRows();
    const shipped = [...globalLimits, ...colors.filter((color) => color.organizationId === null)];
    expect(shipped.length).toBeGreaterThan(20);
    // A shipped row without a key would read in English on a Finnish or Swedish screen.
    expect(shipped.filter((row) => !row.nameKey || !(row.nameKey in shippedNames))).toEqual([]);
    for (const row of shipped) {
      // The stored name is the English one, what an API client without the key reads.
      expect(displayName(row, 'en'), row.nameKey ?? '').toBe(row.name);
      for (const language of languages) expect(displayName(row, language).trim()).not.toBe('');
    }
    expect(displayName(globalLimits.find((row) => row.nameKey === 'limit.indoorHumidity') as Named, 'fi')).toBe(
      'Sisäilman kosteus 20–60 %',
    );
  });

  it('stay shipped when a form sends back a shipped name in any language; a typed name is kept as typed', async () => {
    const { globalLimits, colors } = await globalRows();
    const blue = colors.find((color) => color.nameKey === 'color.blue') as Named;
    const unchanged = expectData(
      await siteAdmin.graphql<{ updateColor: Named }>(updateColor, {
        input: { id: blue.id, name: 'Sininen', order: 0 },
      }),
    ).updateColor;
    expect(unchanged).toEqual({ id: blue.id, name: 'Blue', nameKey: 'color.blue' });
    const renamed = expectData(
      await siteAdmin.graphql<{ updateColor: Named }>(updateColor, {
        input: { id: blue.id, name: 'Yrityksen sininen' },
      }),
    ).updateColor;
    expect(renamed).toEqual({ id: blue.id, name: 'Yrityksen sininen', nameKey: null });
    expect(displayName(renamed, 'sv')).toBe('Yrityksen sininen');

    const humidity = globalLimits.find((limit) => limit.nameKey === 'limit.indoorHumidity') as Named;
    const kept = expectData(
      await siteAdmin.graphql<{ updateLimit: Named }>(updateLimit, {
        input: { id: humidity.id, name: 'Inomhusluftens fuktighet 20–60 %', opacity: 0.2 },
      }),
    ).updateLimit;
    expect(kept).toEqual({ id: humidity.id, name: 'Indoor humidity 20–60 %', nameKey: 'limit.indoorHumidity' });
    const typed = expectData(
      await siteAdmin.graphql<{ updateLimit: Named }>(updateLimit, {
        input: { id: humidity.id, name: 'Kosteus 25–55 %' },
      }),
    ).updateLimit;
    expect(typed).toEqual({ id: humidity.id, name: 'Kosteus 25–55 %', nameKey: null });
  });
});
