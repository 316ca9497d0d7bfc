import { ApolloProvider, useApolloClient } from '@apollo/client/react';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import type { ApolloSetup } from './client.ts';

const RestartSocketContext = createContext<() => void>(() => {});

export function GraphqlProvider({ setup, children }: { setup: ApolloSetup; children: ReactNode }) {
  return (
    <ApolloProvider client={setup.client}>
      <RestartSocketContext.Provider value={setup.restartSocket}>{children}</RestartSocketContext.Provider>
    </ApolloProvider>
  );
}

/**
 * After login, logout, registration or a password change the session cookie is new: cached data belonged to the old
 * session and the websocket was authenticated with the old cookie, so both start over.
 */
export function useResetSession(): () => Promise<void> {
  const client = useApolloClient();
  const restartSocket = useContext(RestartSocketContext);
  return useCallback(async () => {
    restartSocket();
    await client.resetStore();
  }, [client, restartSocket]);
}
