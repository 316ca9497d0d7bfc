import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const createSeries = `mutation Create($input: CreateSeriesInput!) { createSeries(input: $input) { id } }`;
const seriesLimits = `query Series($id: Int!) {
  project(id: $id) { series { id name limit { id name dataType } alarming color { id } } }
}`;

describe.each(testDatabases)('limits on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let organizationId: string;
  let projectId: number;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    organizationId = (await createOrganization(admin)).id;
    projectId = (await createProject(admin, organizationId)).id;
  });
  afterAll(() => olo?.close());

  it('gives a CO2 series the shipped global default, CO2 S2', async () => {
    expectData(await admin.graphql(createSeries, { input: { projectId, name: 'CO2', dataType: 'CO2' } }));
    const data = expectData(
      await admin.graphql<{ project: { series: Array<{ limit: { name: string } | null; alarming: boolean }> } }>(
        seriesLimits,
        { id: projectId },
      ),
    );
    expect(data.project.series[0]?.limit?.name).toBe('CO2 S2 (Sisäilmastoluokitus 2018)');
    expect(data.project.series[0]?.alarming).toBe(false);
  });
});
