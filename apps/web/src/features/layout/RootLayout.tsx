import { Alert, Center, Loader } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { guardRedirect } from '../auth/routeGuard.ts';
import { clearSessionEnd, sessionEndTarget } from '../auth/sessionEnd.ts';
import { useCurrentUser, useCurrentUserLiveUpdates } from '../auth/useCurrentUser.ts';
import { useLanguageSync } from '../i18n/useLanguageSync.ts';
import { useAnchorScroll } from '../navigation/anchorScroll.ts';
import { useNavigationProgress } from '../navigation/useNavigationProgress.ts';
import { useDocumentTitle } from './documentTitle.ts';
import { PlainClientLayout, PlainLayout, TestLayout } from './PlainLayouts.tsx';
import { type LayoutName, resolveRouteHandle } from './routeHandle.ts';

/**
 * The default layout's header menus (Mantine's Menu, Modal and their floating-ui) load with the first
 * page that shows them, not in the initial JavaScript: the front page and login do without.
 */
const LazyDefaultLayout = lazy(() =>
  import('./DefaultLayout.tsx').then((module) => ({ default: module.DefaultLayout })),
);

/** A screen's place while its code or the session loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('Loading')} />
    </Center>
  );
}

function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyDefaultLayout>{children}</LazyDefaultLayout>
    </Suspense>
  );
}

const layouts: Record<LayoutName, (props: { children: ReactNode }) => ReactNode> = {
  default: DefaultLayout,
  plain: PlainLayout,
  'plain-client': PlainClientLayout,
  test: TestLayout,
};

function NoLayout({ children }: { children: ReactNode }) {
  return children;
}

/** Element of the root route: session, language, guard and the layout that the matched route asks for. */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const handle = resolveRouteHandle(useMatches());
  const { currentUser, loading } = useCurrentUser();
  useCurrentUserLiveUpdates(Boolean(currentUser));
  useLanguageSync(currentUser?.language);
  useAnchorScroll();
  useNavigationProgress();
  useDocumentTitle(handle.title ?? null, handle.entityTitle);

  const sessionEndedTo = sessionEndTarget();
  useEffect(() => {
    if (sessionEndedTo && location.pathname === sessionEndedTo) clearSessionEnd();
  }, [sessionEndedTo, location.pathname]);
  const redirect = guardRedirect({ handle, signedIn: Boolean(currentUser), loading, location, sessionEndedTo });
  if (redirect) return <Navigate to={redirect} replace />;

  const Layout = handle.layout === false ? NoLayout : layouts[handle.layout];
  let content: ReactNode = <Outlet />;
  if (loading && !handle.public) {
    content = <PageLoader />;
  } else if (handle.admin && !currentUser?.isAdmin) {
    content = (
      <Alert color="red" title={t('Forbidden')}>
        {t('You do not have access to this page.')}
      </Alert>
    );
  }
  return <Layout>{content}</Layout>;
}
