import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { safeEqual } from '../shared/tokens.ts';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  graphqlOperations: Counter<'operation' | 'type'>;
}

/** One registry per server instance, so that several servers in one process (tests) do not clash. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'olo_http_requests_total',
      help: 'HTTP requests by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'olo_http_request_duration_seconds',
      help: 'HTTP request latency in seconds.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    graphqlOperations: new Counter({
      name: 'olo_graphql_operations_total',
      help: 'GraphQL operations executed, by operation name and type.',
      labelNames: ['operation', 'type'],
      registers: [registry],
    }),
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.replace(/^::ffff:/i, '');
  return ipv4.startsWith('127.') || address === '::1';
}

export interface MetricsAccess {
  /** METRICS_TOKEN: callers from elsewhere send `Authorization: Bearer <token>`; unset = loopback only. */
  token?: string;
}

/**
 * Whether a request may read /metrics: with the bearer METRICS_TOKEN, or from loopback as the
 * socket's own peer says (never an address from X-Forwarded-For, whatever TRUST_PROXY trusts). A
 * request carrying a forwarding header came through a proxy, so from elsewhere, even when the
 * proxy runs on this machine (decision 0142).
 */
function mayReadMetrics(request: FastifyRequest, access: MetricsAccess): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (access.token && token && safeEqual(token, access.token)) return true;
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopbackAddress(request.raw.socket.remoteAddress);
}

export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  app.addHook('onResponse', async (request, reply) => {
    // A report PDF's print page asking in-process is part of the PDF's request, counted as that.
    if (request.inProcess) return;
    // The route pattern, not the URL, keeps label cardinality bounded.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (!mayReadMetrics(request, access)) {
      if (access.token) reply.header('www-authenticate', 'Bearer');
      return reply.code(access.token ? 401 : 403).send({
        error: 'Metrics are served to loopback, or with Authorization: Bearer <METRICS_TOKEN>',
      });
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/** Distinct operation names counted on their own; later ones count as `other`, so that unique names sent by anybody cannot grow the registry. */
export const maxOperationLabels = 500;
/** Longer operation names count as `other` too. */
const maxOperationNameLength = 64;

export function graphqlMetricsPlugin(metrics: Metrics): Plugin {
  const labelled = new Set<string>();
  const labelOf = (name: string | undefined) => {
    if (!name) return 'anonymous';
    if (labelled.has(name)) return name;
    if (name.length > maxOperationNameLength || labelled.size >= maxOperationLabels) return 'other';
    labelled.add(name);
    return name;
  };
  const count = (args: { document: Parameters<typeof getOperationAST>[0]; operationName?: string | null }) => {
    const operation = getOperationAST(args.document, args.operationName);
    metrics.graphqlOperations.inc({
      operation: labelOf(operation?.name?.value),
      type: operation?.operation ?? 'unknown',
    });
  };
  return {
    onExecute: ({ args }) => count(args),
    onSubscribe: ({ args }) => count(args),
  };
}
