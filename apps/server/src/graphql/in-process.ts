import { type DocumentNode, execute } from 'graphql';
import type { EventBus } from '../events/event-bus.ts';
import type { ViewerAccess } from '../modules/access/access.policy.ts';
import { AppError } from '../shared/errors.ts';
import type { GraphQLContext, Services } from './context.ts';
import { createLoaders } from './loaders.ts';
import { buildSchema } from './schema.ts';

/** A query of the schema run in-process with a viewer's rights; its answer's `data`. */
export type InProcessQuery = (
  access: ViewerAccess,
  document: DocumentNode,
  variables: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/**
 * Runs a query of this server's own schema in-process with a viewer's rights, as a browser's request would run it
 * (the same resolvers, loaders and access checks), for a server feature that needs exactly what a web page asks
 * (the PDF renderer's print page). A resolver's AppError is thrown as itself; anything else as it came.
 */
export async function executeInProcess(
  deps: { services: Services; events: EventBus },
  access: ViewerAccess,
  document: DocumentNode,
  variables: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const context: GraphQLContext = {
    services: deps.services,
    events: deps.events,
    session: null,
    access,
    loaders: createLoaders(deps.services, access),
    client: {},
    setSessionCookie: () => {
      throw new AppError('BAD_USER_INPUT', 'Sign in and out over HTTP');
    },
    setDeviceCookie: () => {
      throw new AppError('BAD_USER_INPUT', 'Sign in and out over HTTP');
    },
  };
  const result = await execute({ schema: buildSchema(), document, contextValue: context, variableValues: variables });
  const [error] = result.errors ?? [];
  if (error) throw error.originalError ?? error;
  return (result.data ?? {}) as Record<string, unknown>;
}
