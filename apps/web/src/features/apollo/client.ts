import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { sessionEndedCloseCode } from '@olo/shared';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { CurrentUserDocument, ReportBugDocument } from '../../graphql/generated.ts';
import { createBugReporter, isConnectionFailure } from './bugReports.ts';
import { csrfFetch } from './csrf.ts';
import { closeCode, maxSocketRetries, shouldRetrySocket, waitBeforeSocketRetry } from './socketRetry.ts';

/**
 * Answers to what the user did (wrong password, duplicate username, an old or mistyped link: NOT_FOUND, which
 * the pages show as such): shown to the user, not bugs of Olo. They are still logged.
 */
const expectedErrorCodes = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'NOT_FOUND',
  'INVALID_CREDENTIALS',
  'TOO_MANY_REQUESTS',
  'INVALID_TOKEN',
]);

const reportBugOperationName = 'ReportBug';

export interface ApolloSetup {
  client: ApolloClient;
  /** Reconnects the websocket so that it carries the session cookie set since it was opened. */
  restartSocket: () => void;
}

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

/** The cache of the app's client; unit tests use it too. */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // Options have no id of their own; they belong to their user.
      UserOptions: { merge: true },
      // A project's state has no id; screens ask for different parts of it.
      ProjectState: { merge: true },
      UserInvitation: { keyFields: ['invitationId'] },
      // The same organization or project is one user's membership and another's, each with its own isAdmin.
      AdminUserMembership: { keyFields: false },
    },
  });
}

export function createApolloSetup(): ApolloSetup {
  const socket = createClient({
    url: socketUrl,
    lazy: true,
    retryAttempts: maxSocketRetries,
    retryWait: waitBeforeSocketRetry,
    shouldRetry: shouldRetrySocket,
    on: {
      // The server closes a socket whose session ended (decision 0180): ask again who is signed in, which takes the
      // pages of a signed-out user (logged out elsewhere, deactivated or deleted) to the login page.
      closed: (event) => {
        if (closeCode(event) !== sessionEndedCloseCode) return;
        void client?.query({ query: CurrentUserDocument, fetchPolicy: 'network-only' }).catch(() => {});
      },
    },
  });

  let client: ApolloClient | undefined;
  const reportBug = createBugReporter({
    send: async (report) => client?.mutate({ mutation: ReportBugDocument, variables: report }),
  });

  const errorLink = new ErrorLink(({ error, operation }) => {
    const operationName = operation.operationName ?? '(anonymous)';
    const graphQLErrors = CombinedGraphQLErrors.is(error) ? error.errors : [];
    const codes = graphQLErrors.map((graphQLError) => String(graphQLError.extensions?.code ?? ''));
    const expected = codes.length > 0 && codes.every((code) => expectedErrorCodes.has(code));
    if (expected) {
      console.warn(`[GraphQL] ${operationName}:`, error.message);
      return;
    }
    if (isConnectionFailure(error)) {
      console.warn(`[GraphQL] ${operationName}: no answer:`, error.message);
      return;
    }
    console.error(`[GraphQL] ${operationName}:`, error);
    if (operationName === reportBugOperationName) return;
    reportBug({
      message: `${operationName}: ${error.message}`,
      url: window.location.href,
      // Variables are left out: they can hold passwords and tokens.
      data: {
        operationName,
        operationType: operation.operationType,
        errorName: error.name,
        errors: graphQLErrors.map(({ message, path, extensions }) => ({ message, path, code: extensions?.code })),
      },
    });
  });

  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'same-origin', fetch: csrfFetch });
  const wsLink = new GraphQLWsLink(socket);
  const transport = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    wsLink,
    httpLink,
  );

  client = new ApolloClient({
    link: ApolloLink.from([errorLink, transport]),
    cache: createCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });

  return { client, restartSocket: () => socket.terminate() };
}
