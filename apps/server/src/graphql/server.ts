import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { unexpectedError } from '@olo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { createYoga } from 'graphql-yoga';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { EventBus } from '../events/event-bus.ts';
import { clientAddress, type ProxyTrust } from '../http/client-address.ts';
import { requireCsrfToken } from '../http/csrf.ts';
import { newErrorReference } from '../http/error-answers.ts';
import { graphqlMetricsPlugin, type Metrics } from '../http/metrics.ts';
import { resolveViewer } from '../http/viewer.ts';
import { deviceCookieLifetimeMs, deviceCookieName, deviceCookiePath } from '../modules/accounts/device-cookies.ts';
import { type ClientInfo, sessionCookieName, sessionLifetimeMs } from '../modules/sessions/sessions.service.ts';
import { AppError } from '../shared/errors.ts';
import type { GraphQLContext, Services } from './context.ts';
import { signedInIntrospectionPlugin } from './introspection.ts';
import { createLoaders } from './loaders.ts';
import { boundedParserCache, graphqlBodyLimitBytes, queryLimitPlugins } from './query-limits.ts';
import { buildSchema } from './schema.ts';
import { SessionSockets } from './session-sockets.ts';

interface HttpServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}
interface WsServerContext {
  req: IncomingMessage;
}

export interface GraphQLServerOptions {
  services: Services;
  events: EventBus;
  metrics: Metrics;
  logger: Logger;
  secureCookies: boolean;
  /** TRUST_PROXY: a websocket's client address is found as an HTTP request's is. */
  proxyTrust: ProxyTrust;
  /** Origins allowed to open the websocket (the public URL's); the Host header's own origin always is. */
  allowedOrigins: string[];
}

/**
 * What a client sees of an error: an AppError's message and code, parse and validation errors as
 * they are, and anything else (a database error, a bug) only as `Unexpected error.` with the
 * reference it was logged under, never its own text (SQL, parameters, a stack).
 */
function toClientError(error: unknown, logger: Logger): GraphQLError {
  // Duck-typed rather than instanceof: GraphQL errors may come from another copy of graphql-js.
  const graphqlError = error instanceof Error && 'extensions' in error ? (error as GraphQLError) : undefined;
  const original = graphqlError?.originalError ?? error;
  const location = { nodes: graphqlError?.nodes, path: graphqlError?.path };
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      ...location,
      extensions: {
        code: original.code,
        ...(original.issues ? { issues: original.issues } : {}),
        ...(original.values ? { values: original.values } : {}),
      },
    });
  }
  // Parse and validation errors (and nested GraphQL errors) are meant for the client as they are.
  if (graphqlError && (!graphqlError.originalError || 'extensions' in graphqlError.originalError)) {
    return graphqlError;
  }
  const reference = newErrorReference();
  logger.error({ err: original, reference }, 'unexpected error in a GraphQL operation');
  return new GraphQLError(unexpectedError, {
    ...location,
    extensions: { code: 'INTERNAL_SERVER_ERROR', reference },
  });
}

/** Serves GraphQL: POST /graphql (CSRF-checked) and graphql-transport-ws on the same path. */
export function registerGraphQL(app: FastifyInstance, options: GraphQLServerOptions) {
  const { services, logger } = options;

  async function contextFor(
    sessionToken: string | undefined,
    client: ClientInfo,
    setSessionCookie: GraphQLContext['setSessionCookie'],
    setDeviceCookie: GraphQLContext['setDeviceCookie'],
  ): Promise<GraphQLContext> {
    const { session, access } = await resolveViewer(services, sessionToken);
    return {
      services,
      events: options.events,
      session,
      access,
      loaders: createLoaders(services, access),
      client: { ...client, sessionId: session?.id },
      setSessionCookie,
      setDeviceCookie,
    };
  }

  const yoga = createYoga<HttpServerContext | WsServerContext, GraphQLContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    logging: false,
    // isDev false: Yoga would otherwise add the original message and stack under NODE_ENV=development.
    maskedErrors: { maskError: (error) => toClientError(error, logger), isDev: false },
    plugins: [...queryLimitPlugins(), signedInIntrospectionPlugin(), graphqlMetricsPlugin(options.metrics)],
    parserAndValidationCache: boundedParserCache(),
    // Files go to POST /api/attachments; GraphQL multipart uploads would buffer them here.
    multipart: false,
    maxRequestBodySize: graphqlBodyLimitBytes,
    context: async (serverContext) => {
      if ('reply' in serverContext) {
        const { req, reply } = serverContext;
        return contextFor(
          req.cookies[sessionCookieName],
          { ip: req.ip, userAgent: req.headers['user-agent'], deviceCookie: req.cookies[deviceCookieName] },
          (token) => {
            if (token === null) reply.clearCookie(sessionCookieName, { path: '/' });
            else
              reply.setCookie(sessionCookieName, token, {
                path: '/',
                httpOnly: true,
                sameSite: 'lax',
                secure: options.secureCookies,
                maxAge: sessionLifetimeMs / 1000,
              });
          },
          (value) => {
            reply.setCookie(deviceCookieName, value, {
              path: deviceCookiePath,
              httpOnly: true,
              sameSite: 'lax',
              secure: options.secureCookies,
              maxAge: deviceCookieLifetimeMs / 1000,
            });
          },
        );
      }
      const { req } = serverContext;
      const cookies = fastifyCookie.parse(req.headers.cookie ?? '');
      return contextFor(
        cookies[sessionCookieName],
        { ip: clientAddress(req, options.proxyTrust), userAgent: req.headers['user-agent'] },
        () => {
          throw new AppError('BAD_USER_INPUT', 'Sign in and out over HTTP');
        },
        () => {
          throw new AppError('BAD_USER_INPUT', 'Sign in and out over HTTP');
        },
      );
    },
  });

  app.route({
    url: '/graphql',
    method: 'POST',
    preHandler: requireCsrfToken,
    bodyLimit: graphqlBodyLimitBytes,
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: graphqlBodyLimitBytes });
  const sessionSockets = new SessionSockets(options.events);
  wss.on('connection', (socket, request: IncomingMessage) => {
    sessionSockets.add(fastifyCookie.parse(request.headers.cookie ?? '')[sessionCookieName], socket);
  });
  const wsServer = useServer<Record<string, unknown>, { request: IncomingMessage }>(
    {
      // Whatever else fails closes the socket with "Internal server error", not the error's text.
      isProd: true,
      execute: (args) => (args.rootValue as { execute: typeof import('graphql').execute }).execute(args),
      subscribe: (args) => (args.rootValue as { subscribe: typeof import('graphql').subscribe }).subscribe(args),
      onSubscribe: async (ctx, _id, params) => {
        // A throw here would close the socket with the error's message as the close reason.
        try {
          const enveloped = yoga.getEnveloped({ req: ctx.extra.request, params });
          const document = enveloped.parse(params.query);
          const args = {
            schema: enveloped.schema,
            operationName: params.operationName,
            document,
            variableValues: params.variables,
            contextValue: await enveloped.contextFactory(),
            rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
          };
          const errors = enveloped.validate(args.schema, args.document);
          return errors.length > 0 ? errors : args;
        } catch (error) {
          return [toClientError(error, logger)];
        }
      },
    },
    wss,
  );

  app.server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/graphql') {
      socket.destroy();
      return;
    }
    // Browsers send cookies on cross-site websockets too; only our own pages may open one.
    const origin = request.headers.origin;
    const ownOrigins = [...options.allowedOrigins, `http://${request.headers.host}`, `https://${request.headers.host}`];
    if (origin && !ownOrigins.includes(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  return {
    /** Closes every socket with 1001 Going Away, which clients retry. */
    async close() {
      sessionSockets.dispose();
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await wsServer.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
