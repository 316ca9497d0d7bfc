import { Alert, Center, Loader } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { guardRedirect } from '../auth/routeGuard.ts';
import { clearSessionEnd, sessionEndTarget } from '../auth/sessionEnd.ts';
import { useCurrentUser, useCurrentUserLiveUpdates } from '../auth/useCurrentUser.ts';
import { useLanguageSync } from '../i18n/useLanguageSync.ts';
import { useAnchorScroll } from '../navigation/anchorScroll.ts';
import { useNavigationProgress } from '../navigation/useNavigationProgress.ts';
import { DefaultLayout } from './DefaultLayout.tsx';
import { PlainClientLayout, PlainLayout, TestLayout } from './PlainLayouts.tsx';
import { type LayoutName, resolveRouteHandle } from './routeHandle.ts';

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

  const sessionEndedTo = sessionEndTarget();
  useEffect(() => {
    if (sessionEndedTo && location.pathname === sessionEndedTo) clearSessionEnd();
  }, [sessionEndedTo, location.pathname]);
  const redirect = guardRedirect({ handle, signedIn: Boolean(currentUser), loading, location, sessionEndedTo });
  if (redirect) return <Navigate to={redirect} replace />;

  const Layout = handle.layout === false ? NoLayout : layouts[handle.layout];
  let content: ReactNode = <Outlet />;
  if (loading && !handle.public) {
    content = (
      <Center py="xl">
        <Loader aria-label={t('Loading')} />
      </Center>
    );
  } else if (handle.admin && !currentUser?.isAdmin) {
    content = (
      <Alert color="red" title={t('Forbidden')}>
        {t('You do not have access to this page.')}
      </Alert>
    );
  }
  return <Layout>{content}</Layout>;
}
