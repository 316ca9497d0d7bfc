import { execute, type TypedQueryDocumentNode } from 'graphql';
import type { EventBus } from '../events/event-bus.ts';
import type { ViewerAccess } from '../modules/access/access.policy.ts';
import { AppError } from '../shared/errors.ts';
import type { GraphQLContext, Services } from './context.ts';
import { createLoaders } from './loaders.ts';
import { buildSchema } from './schema.ts';

/**
 * Runs a query of this server's own schema in-process with a viewer's rights, as a browser's request would run it
 * (the same resolvers, loaders and access checks), for a server feature that needs exactly what a web page asks
 * (the PDF renderer's print page). A resolver's AppError is thrown as itself; anything else as it came.
 */
export async function executeInProcess<Data, Variables extends Record<string, unknown>>(
  deps: { services: Services; events: EventBus },
  access: ViewerAccess,
  document: TypedQueryDocumentNode<Data, Variables>,
  variables: Variables,
): Promise<Data> {
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
  return (result.data ?? {}) as Data;
}
