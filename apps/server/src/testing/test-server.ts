import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import pino, { type Logger } from 'pino';
import WebSocket from 'ws';
import { createLogger, createServer, type OloServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type DatabaseKind } from './test-databases.ts';

export interface TestServer {
  server: OloServer;
  url: string;
  close(): Promise<void>;
}

/** A whole Olo on a free port, with a fresh database of `kind`; env overrides config; `logger` to read its log. */
export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestServer> {
  const database = await createTestDatabase(kind);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    NODE_ENV: 'test',
    // Tests register many accounts from 127.0.0.1 and repeat operations; tests of the limits pass 1.
    RATE_LIMIT_FACTOR: '100',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const server = await createServer(config, options.logger ?? createLogger(config));
  const url = await server.listen();
  return {
    server,
    url,
    async close() {
      await server.close();
      await database.drop();
    },
  };
}

/** A logger whose JSON lines are kept in `lines`, for tests that look at what was logged. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino(
    { level: 'info', base: undefined },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{
    message: string;
    extensions?: {
      code?: string;
      issues?: Array<{ path: string; message: string }>;
      values?: Record<string, string>;
    };
  }>;
}

/** A browser-like HTTP client: keeps cookies and sends the CSRF header the way the web app does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Sent with every request, e.g. `x-forwarded-for` to a server with TRUST_PROXY. */
  readonly headers: Record<string, string> = {};

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader);
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  async graphql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    options: { csrf?: boolean } = {},
  ): Promise<GraphQLResponse<T>> {
    if (!this.cookies.has('olo_csrf')) await this.fetch('/healthz');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.csrf !== false) headers['x-csrf-token'] = this.cookies.get('olo_csrf') ?? '';
    const operationName = query.match(/^\s*(?:query|mutation|subscription)\s+(\w+)/)?.[1];
    const response = await this.fetch('/graphql', {
      method: 'POST',
      headers,
      body: JSON.stringify({ operationName, query, variables }),
    });
    const body = (await response.json()) as Omit<GraphQLResponse<T>, 'status'>;
    return { status: response.status, ...body };
  }

  /** graphql-ws client on this client's cookies (the session travels in the upgrade request) and `headers`. */
  websocket(options: { retryAttempts?: number } = {}): WsClient {
    const cookie = this.cookieHeader;
    const origin = this.baseUrl.replace(/\/$/, '');
    const headers = { ...this.headers, cookie, origin };
    class CookieWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    return createWsClient({
      url: `${this.baseUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: CookieWebSocket,
      retryAttempts: options.retryAttempts ?? 0,
      lazy: true,
    });
  }
}

/** Data of a response that must have succeeded. */
export function expectData<T>(response: GraphQLResponse<T>): T {
  if (response.errors?.length || !response.data) {
    throw new Error(`GraphQL errors: ${JSON.stringify(response.errors)} (status ${response.status})`);
  }
  return response.data;
}
