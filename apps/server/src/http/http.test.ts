import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../testing/test-server.ts';

describe.each(testDatabases)('health and metrics on %s', (kind) => {
  let olo: TestServer;
  beforeAll(async () => {
    olo = await startTestServer(kind);
  });
  afterAll(() => olo?.close());

  it('reports the database and the embedded broker up', async () => {
    const response = await fetch(`${olo.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: { status: 'up', kind },
      broker: { status: 'up', kind: 'embedded' },
    });
  });

  it('counts requests, latencies and GraphQL operations in Prometheus format', async () => {
    const client = new TestClient(olo.url);
    await client.graphql('query WhoAmI { currentUser { id } }');
    await client.graphql('query WhoAmI { currentUser { id } }');
    const response = await fetch(`${olo.url}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('olo_graphql_operations_total{operation="WhoAmI",type="query"} 2');
    expect(text).toMatch(/olo_http_requests_total\{method="POST",route="\/graphql",status="200"\} \d+/);
    expect(text).toMatch(/olo_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
  });

  it('keeps running with the broker down when its port is taken, and says so', async () => {
    const port = olo.server.broker.port;
    expect(port).toBeGreaterThan(0);
    const second = await startTestServer(kind, { MQTT_PORT: String(port) });
    try {
      const response = await fetch(`${second.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ database: { status: 'up' }, broker: { status: 'down' } });
    } finally {
      await second.close();
    }
  });
});
