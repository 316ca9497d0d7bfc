import { ApolloClient, ApolloLink } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import type { Language } from '@olo/shared';
import { cleanup, render, waitFor } from '@testing-library/react';
import NProgress from 'nprogress';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { isObservable, type Observable, of, throwError } from 'rxjs';
import { createCache } from '../features/apollo/client.ts';
import { GraphqlProvider } from '../features/apollo/GraphqlProvider.tsx';
import { storeChosenLanguage } from '../features/i18n/i18n.ts';
import { cssVariablesResolver, theme } from '../features/layout/theme.ts';
import { ConfirmProvider } from '../features/ui/ConfirmDialog.tsx';
import { routes } from '../routes.tsx';
import { createTestI18n } from './translations.ts';

/**
 * Routes load their screens lazily in the browser. Tests resolve them once up front so a test's
 * waits measure the screen's behaviour, not how long the machine takes to transform its modules.
 */
async function resolveLazyRoutes(routeList: RouteObject[]): Promise<void> {
  await Promise.all(
    routeList.map(async (route) => {
      if (typeof route.lazy === 'function') {
        Object.assign(route, await route.lazy());
        route.lazy = undefined;
      }
      await resolveLazyRoutes(route.children ?? []);
    }),
  );
}
await resolveLazyRoutes(routes);
await import('../features/layout/DefaultLayout.tsx');

/** jsdom lacks the browser APIs that Mantine and the scrolling code use. */
export function installDomPolyfills(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  }
  // jsdom has no font loading, which Mantine's growing text areas listen to.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  window.scrollTo = () => {};
  // Mantine's select scrolls its chosen option into view, which jsdom cannot do.
  Element.prototype.scrollIntoView ??= () => {};
  // The rich text editor (ProseMirror) measures its selection to scroll it into view; jsdom lays nothing out.
  const noRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Element.prototype.getClientRects ??= noRects;
}

/** What the server would answer to one operation: data, or errors whose messages are the server's. */
export interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * Answers a test gives to operations by operation name, as the server would (objects need their `__typename`); an
 * operation with no answer fails as an unreachable server would. A subscription's answer can be an Observable (a
 * Subject, say), through which the test pushes events while the page is open.
 */
export type GraphqlAnswers = Record<
  string,
  (variables: Record<string, unknown>) => GraphqlAnswer | Observable<GraphqlAnswer>
>;

/**
 * A real Apollo Client with no server behind it. Unit tests cover what the web app does on its own; what needs the
 * server's answers is tested in the browser against the real server (e2e/). Every operation that reaches the link
 * fails as an unreachable server would, unless the test gives an answer for it, and its name is recorded, so that a
 * test can show what was sent (or that nothing was).
 */
export function createServerlessClient(answers: GraphqlAnswers = {}): { client: ApolloClient; operations: string[] } {
  const operations: string[] = [];
  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? '(anonymous)';
    operations.push(name);
    const answer = answers[name];
    if (answer) {
      const result = answer(operation.variables);
      return isObservable(result) ? (result as Observable<ApolloLink.Result>) : of(result as ApolloLink.Result);
    }
    return throwError(() => new Error(`No GraphQL server in unit tests (${operation.operationName})`));
  });
  return { client: new ApolloClient({ link, cache: createCache() }), operations };
}

interface RenderAppOptions {
  path: string;
  language?: Language;
  /** Server answers by operation name; with a `CurrentUser` answer somebody is signed in. */
  graphql?: GraphqlAnswers;
}

/**
 * Renders the real route table at `path` as a visitor (nobody is signed in: the session query finds no server), or
 * with the given server answers, in the language chosen on the page.
 */
export function renderApp({ path, language = 'fi', graphql }: RenderAppOptions) {
  installDomPolyfills();
  storeChosenLanguage(language);
  const i18n = createTestI18n(language);
  const { client, operations } = createServerlessClient(graphql);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <GraphqlProvider setup={{ client, restartSocket: () => {} }}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </MantineProvider>
      </GraphqlProvider>
    </I18nextProvider>,
  );
  return { ...view, router, i18n, operations };
}

/**
 * Unmounts, then waits for the progress bar to finish: nprogress fades out with its own timers, which
 * touch the document and must not outlive the test's DOM.
 */
export async function cleanupApp(): Promise<void> {
  cleanup();
  await waitFor(
    () => {
      if (NProgress.isStarted() || document.getElementById('nprogress')) throw new Error('progress bar still running');
    },
    { timeout: 3000 },
  );
}
