import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { ApolloSetup } from './features/apollo/client.ts';
import { GraphqlProvider } from './features/apollo/GraphqlProvider.tsx';
import { cssVariablesResolver, theme } from './features/layout/theme.ts';
import { Notifications } from './features/notifications/Notifications.tsx';
import { ConfirmProvider } from './features/ui/ConfirmDialog.tsx';
import { routes } from './routes.tsx';

const router = createBrowserRouter(routes);

/** Runs `callback` once the first screen's code is in (the router's lazy routes of the first address loaded). */
export function afterFirstScreen(callback: () => void): void {
  if (router.state.initialized) {
    callback();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    callback();
  });
}

export function App({ apollo, i18n }: { apollo: ApolloSetup; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <GraphqlProvider setup={apollo}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
          <Notifications />
        </MantineProvider>
      </GraphqlProvider>
    </I18nextProvider>
  );
}
