import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

type Variables = { systemVariables: Record<string, unknown> };
type Types = {
  measurementTypes: Array<{
    type: string;
    unit: string;
    decimals: number;
    order: number;
    names: Record<string, string>;
  }>;
};

describe.each(testDatabases)('system variables and measurement types on %s', (kind) => {
  let olo: TestServer;
  let visitor: TestClient;

  beforeAll(async () => {
    olo = await startTestServer(kind, {
      SITE_NAME: 'Kosteusvahti',
      CONTACT_EMAIL: 'tuki@example.fi',
      TIME_ZONE: 'Europe/Stockholm',
      SMTP_URL: 'smtp://user:secret@mail.example.fi:587',
    });
    visitor = new TestClient(olo.url);
  });
  afterAll(() => olo?.close());

  it("gives anybody the instance's public settings, and no secret", async () => {
    const answer = await visitor.graphql<Variables>(
      `query { systemVariables { siteName version publicUrl defaultLanguage languages timeZone contactEmail
        contactPhone maxUploadBytes mqttPort exportBackgroundCells } }`,
    );
    const variables = expectData(answer).systemVariables;
    expect(variables).toMatchObject({
      siteName: 'Kosteusvahti',
      defaultLanguage: 'fi',
      languages: ['fi', 'sv', 'en'],
      timeZone: 'Europe/Stockholm',
      contactEmail: 'tuki@example.fi',
      maxUploadBytes: 5 * 1024 * 1024,
      publicUrl: expect.stringMatching(/^http/),
    });
    expect(variables.version).toMatch(/^\d+\.\d+\.\d+/);
    // The embedded broker's port, as network servers reach it.
    expect(variables.mqttPort).toEqual(expect.any(Number));
    expect(JSON.stringify(answer)).not.toContain('secret');
  });

  it('lists every measurement type with its unit, decimals, names in three languages and the shared order', async () => {
    const types = expectData(
      await visitor.graphql<Types>('query { measurementTypes { type unit decimals order names { fi sv en } } }'),
    ).measurementTypes;
    expect(types.slice(0, 4).map((item) => item.type)).toEqual(['Temperature', 'Humidity', 'CO2', 'Paine-ero']);
    expect(types.map((item) => item.order)).toEqual(types.map((_item, index) => index));
    expect(types.find((item) => item.type === 'Temperature')).toEqual({
      type: 'Temperature',
      unit: '°C',
      decimals: 1,
      order: 0,
      names: { fi: 'Lämpötila', sv: 'Temperatur', en: 'Temperature' },
    });
    expect(types.find((item) => item.type === 'CO2')).toMatchObject({ unit: 'ppm', decimals: 0, order: 2 });
    expect(types.find((item) => item.type === 'Differential pressure')).toMatchObject({ decimals: 2 });
  });
});
