import type { RouteObject } from 'react-router';
import { AdminMetersPage } from './features/admin-meters/AdminMetersPage.tsx';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { LogoutPage } from './features/auth/LogoutPage.tsx';
import { RegisterPage } from './features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage.tsx';
import { VerifyEmailPage } from './features/auth/VerifyEmailPage.tsx';
import { FrontPage } from './features/front-page/FrontPage.tsx';
import { HomePage } from './features/home/HomePage.tsx';
import { InvitationsAcceptPage } from './features/invitations/InvitationsAcceptPage.tsx';
import { ErrorPage } from './features/layout/ErrorPage.tsx';
import { NotAvailableYet } from './features/layout/NotAvailableYet.tsx';
import { NotFoundPage } from './features/layout/NotFoundPage.tsx';
import { RootLayout } from './features/layout/RootLayout.tsx';
import type { RouteHandle } from './features/layout/routeHandle.ts';
import { LiveGaugesPage } from './features/live/LiveGaugesPage.tsx';
import { LiveTablePage } from './features/live/LiveTablePage.tsx';
import { MeterListPage } from './features/meters/MeterListPage.tsx';
import { MeterPage } from './features/meters/MeterPage.tsx';
import { OrganizationListPage } from './features/organizations/OrganizationListPage.tsx';
import { OrganizationPage } from './features/organizations/OrganizationPage.tsx';
import { ProfilePage } from './features/profile/ProfilePage.tsx';
import { EditLayout } from './features/project-edit/EditLayout.tsx';
import { ProjectInfoPage } from './features/project-edit/ProjectInfoPage.tsx';
import { ProjectOverview } from './features/project-edit/ProjectOverview.tsx';
import { ProjectPagesPage } from './features/project-edit/ProjectPagesPage.tsx';
import { ProjectUsersPage } from './features/project-edit/ProjectUsersPage.tsx';
import { SeriesEditPage } from './features/project-edit/SeriesEditPage.tsx';
import { ProjectDefaultPage } from './features/projects/ProjectDefaultPage.tsx';
import { ProjectLayout } from './features/projects/ProjectLayout.tsx';
import { ProjectListPage } from './features/projects/ProjectListPage.tsx';
import { PublicProjectPage } from './features/public-project/PublicProjectPage.tsx';
import { SummaryRoute } from './features/summary/lazy.tsx';
import { SystemErrorsPage } from './features/system-errors/SystemErrorsPage.tsx';
import { TestPage } from './features/test-pages/TestPage.tsx';

const publicPage = { public: true } satisfies RouteHandle;
const publicPlain = { public: true, layout: 'plain' } satisfies RouteHandle;
const publicPlainClient = { public: true, layout: 'plain-client' } satisfies RouteHandle;
const publicTest = { public: true, layout: 'test' } satisfies RouteHandle;
const signedIn = { public: false } satisfies RouteHandle;
const siteAdmin = { public: false, admin: true } satisfies RouteHandle;

/** A screen that a later issue builds. */
function later(path: string, handle: RouteHandle = signedIn): RouteObject {
  return { path, element: <NotAvailableYet />, handle };
}

function laterIndex(handle: RouteHandle = signedIn): RouteObject {
  return { index: true, element: <NotAvailableYet />, handle };
}

/** Every route of spec section 2. Layout and public flag of each live in its `handle` (see RouteHandle). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    handle: { public: false, layout: 'default' } satisfies RouteHandle,
    children: [
      { index: true, element: <FrontPage />, handle: publicPlain },
      { path: 'about', element: <FrontPage />, handle: publicPage },
      { path: 'login', element: <LoginPage />, handle: publicPlain },
      { path: 'register', element: <RegisterPage />, handle: publicPlain },
      { path: 'forgot', element: <ForgotPasswordPage />, handle: publicPlain },
      { path: 'reset', element: <ResetPasswordPage />, handle: publicPlain },
      { path: 'verify', element: <VerifyEmailPage />, handle: publicPlain },
      { path: 'test', element: <TestPage variant="test" />, handle: publicTest },
      { path: 'testssr', element: <TestPage variant="testssr" />, handle: publicTest },
      // Public so that a visitor who is already signed out is not sent to log in just to log out.
      { path: 'logout', element: <LogoutPage />, handle: publicPlain },
      { path: 'home', element: <HomePage />, handle: signedIn },
      later('help'),
      { path: 'profile', element: <ProfilePage />, handle: signedIn },
      { path: 'invitations-accept', element: <InvitationsAcceptPage />, handle: signedIn },
      { path: 'errors', element: <SystemErrorsPage />, handle: signedIn },
      { path: 'meters', element: <MeterListPage />, handle: signedIn },
      { path: 'meters/:meterId', element: <MeterPage />, handle: signedIn },
      { path: 'p', element: <ProjectListPage />, handle: signedIn },
      { path: 'o', element: <OrganizationListPage />, handle: signedIn },
      { path: 'o/:slug', element: <OrganizationPage />, handle: signedIn },
      {
        path: 'admin',
        handle: siteAdmin,
        children: [
          laterIndex(siteAdmin),
          { path: 'meters', element: <AdminMetersPage />, handle: siteAdmin },
          // The meter page itself: a site admin sees every meter there, free ones too.
          { path: 'meters/:meterId', element: <MeterPage />, handle: siteAdmin },
          later('users', siteAdmin),
          later('status-dash', siteAdmin),
          later('limits', siteAdmin),
          later('colors', siteAdmin),
        ],
      },
      {
        path: 'p/:projectId',
        element: <ProjectLayout />,
        handle: signedIn,
        children: [
          { index: true, element: <ProjectDefaultPage />, handle: signedIn },
          later('alarms'),
          { path: 'live', element: <LiveGaugesPage />, handle: signedIn },
          { path: 'liveold', element: <LiveTablePage />, handle: signedIn },
          { path: 'summary', element: <SummaryRoute />, handle: signedIn },
          later('report'),
          later('report/:reportId'),
          {
            path: 'edit',
            element: <EditLayout />,
            handle: signedIn,
            children: [
              { index: true, element: <ProjectOverview />, handle: signedIn },
              later('actions'),
              later('colors'),
              { path: 'info', element: <ProjectInfoPage />, handle: signedIn },
              { path: 'pages', element: <ProjectPagesPage />, handle: signedIn },
              { path: 'series', element: <SeriesEditPage />, handle: signedIn },
              { path: 'users', element: <ProjectUsersPage />, handle: signedIn },
            ],
          },
        ],
      },
      { path: 'project/:projectPublicId', element: <PublicProjectPage />, handle: publicPlainClient },
      later('report/:reportPublicId', publicPlainClient),
      { path: '*', element: <NotFoundPage />, handle: publicPage },
    ],
  },
];
