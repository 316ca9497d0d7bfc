import type { RouteObject } from 'react-router';
import { adminRoutes } from './adminRoutes.tsx';
import { ErrorPage } from './features/layout/ErrorPage.tsx';
import { RootLayout } from './features/layout/RootLayout.tsx';
import type { RouteHandle } from './features/layout/routeHandle.ts';
import { page, signedIn, siteAdmin } from './routePage.tsx';

const publicPage = { public: true } satisfies RouteHandle;
const publicPlain = { public: true, layout: 'plain' } satisfies RouteHandle;
const publicPlainClient = { public: true, layout: 'plain-client' } satisfies RouteHandle;
const publicTest = { public: true, layout: 'test' } satisfies RouteHandle;

/** Every route of spec section 2. Layout and public flag of each live in its `handle` (see RouteHandle). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    handle: { public: false, layout: 'default' } satisfies RouteHandle,
    children: [
      {
        index: true,
        ...page(
          () => import('./features/front-page/FrontPage.tsx'),
          (m) => m.FrontPage,
        ),
        handle: { ...publicPlain, title: 'Welcome' },
      },
      {
        path: 'about',
        ...page(
          () => import('./features/front-page/FrontPage.tsx'),
          (m) => m.FrontPage,
        ),
        handle: { ...publicPage, title: 'About' },
      },
      {
        path: 'login',
        ...page(
          () => import('./features/auth/LoginPage.tsx'),
          (m) => m.LoginPage,
        ),
        handle: { ...publicPlain, title: 'Log in' },
      },
      {
        path: 'register',
        ...page(
          () => import('./features/auth/RegisterPage.tsx'),
          (m) => m.RegisterPage,
        ),
        handle: { ...publicPlain, title: 'Create an account' },
      },
      {
        path: 'forgot',
        ...page(
          () => import('./features/auth/ForgotPasswordPage.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
        handle: { ...publicPlain, title: 'Forgot your password?' },
      },
      {
        path: 'reset',
        ...page(
          () => import('./features/auth/ResetPasswordPage.tsx'),
          (m) => m.ResetPasswordPage,
        ),
        handle: { ...publicPlain, title: 'Reset password' },
      },
      {
        path: 'verify',
        ...page(
          () => import('./features/auth/VerifyEmailPage.tsx'),
          (m) => m.VerifyEmailPage,
        ),
        handle: { ...publicPlain, title: 'Verify email' },
      },
      {
        path: 'test',
        ...page(
          () => import('./features/test-pages/TestPage.tsx'),
          (m) => () => <m.TestPage variant="test" />,
        ),
        handle: { ...publicTest, title: 'Test' },
      },
      {
        path: 'testssr',
        ...page(
          () => import('./features/test-pages/TestPage.tsx'),
          (m) => () => <m.TestPage variant="testssr" />,
        ),
        handle: { ...publicTest, title: 'Test' },
      },
      // Public so that a visitor who is already signed out is not sent to log in just to log out.
      {
        path: 'logout',
        ...page(
          () => import('./features/auth/LogoutPage.tsx'),
          (m) => m.LogoutPage,
        ),
        handle: { ...publicPlain, title: 'Log out' },
      },
      {
        path: 'home',
        ...page(
          () => import('./features/home/HomePage.tsx'),
          (m) => m.HomePage,
        ),
        handle: { ...signedIn, title: 'Home' },
      },
      {
        path: 'help',
        ...page(
          () => import('./features/help/HelpPage.tsx'),
          (m) => m.HelpPage,
        ),
        handle: { ...signedIn, title: 'Help' },
      },
      {
        path: 'help/:key',
        ...page(
          () => import('./features/help/HelpDocumentPage.tsx'),
          (m) => m.HelpDocumentPage,
        ),
        // Named by the document once it loads.
        handle: { ...signedIn, title: 'Help' },
      },
      {
        path: 'profile',
        ...page(
          () => import('./features/profile/ProfilePage.tsx'),
          (m) => m.ProfilePage,
        ),
        handle: { ...signedIn, title: 'Profile' },
      },
      {
        path: 'invitations-accept',
        ...page(
          () => import('./features/invitations/InvitationsAcceptPage.tsx'),
          (m) => m.InvitationsAcceptPage,
        ),
        handle: { ...signedIn, title: 'Invitations' },
      },
      {
        path: 'errors',
        ...page(
          () => import('./features/system-errors/SystemErrorsPage.tsx'),
          (m) => m.SystemErrorsPage,
        ),
        handle: { ...signedIn, title: 'System errors' },
      },
      {
        path: 'meters',
        ...page(
          () => import('./features/meters/MeterListPage.tsx'),
          (m) => m.MeterListPage,
        ),
        handle: { ...signedIn, title: 'Meters' },
      },
      {
        path: 'meters/:meterId',
        ...page(
          () => import('./features/meters/MeterPage.tsx'),
          (m) => m.MeterPage,
        ),
        handle: { ...signedIn, title: 'Meter' },
      },
      {
        path: 'p',
        ...page(
          () => import('./features/projects/ProjectListPage.tsx'),
          (m) => m.ProjectListPage,
        ),
        handle: { ...signedIn, title: 'Projects' },
      },
      {
        path: 'o',
        ...page(
          () => import('./features/organizations/OrganizationListPage.tsx'),
          (m) => m.OrganizationListPage,
        ),
        handle: { ...signedIn, title: 'Organizations' },
      },
      {
        path: 'o/:slug',
        ...page(
          () => import('./features/organizations/OrganizationPage.tsx'),
          (m) => m.OrganizationPage,
        ),
        handle: { ...signedIn, title: 'Organization' },
      },
      {
        path: 'admin',
        handle: { ...siteAdmin, title: 'Admin' },
        children: [...adminRoutes],
      },
      {
        path: 'p/:projectId',
        ...page(
          () => import('./features/projects/ProjectLayout.tsx'),
          (m) => m.ProjectLayout,
        ),
        handle: { ...signedIn, title: 'Project' },
        children: [
          {
            index: true,
            ...page(
              () => import('./features/projects/ProjectDefaultPage.tsx'),
              (m) => m.ProjectDefaultPage,
            ),
            handle: { ...signedIn, title: 'Overview' },
          },
          {
            path: 'alarms',
            ...page(
              () => import('./features/alarms/AlarmsPage.tsx'),
              (m) => m.AlarmsPage,
            ),
            handle: { ...signedIn, title: 'Alarms' },
          },
          {
            path: 'live',
            ...page(
              () => import('./features/live/LiveGaugesPage.tsx'),
              (m) => m.LiveGaugesPage,
            ),
            handle: { ...signedIn, title: 'Live' },
          },
          {
            path: 'liveold',
            ...page(
              () => import('./features/live/LiveTablePage.tsx'),
              (m) => m.LiveTablePage,
            ),
            handle: { ...signedIn, title: 'Live (table)' },
          },
          {
            path: 'summary',
            ...page(
              () => import('./features/summary/SummaryPage.tsx'),
              (m) => m.SummaryPage,
            ),
            handle: { ...signedIn, title: 'Summary' },
          },
          {
            path: 'report',
            ...page(
              () => import('./features/reports/list/ReportListPage.tsx'),
              (m) => m.ReportListPage,
            ),
            handle: { ...signedIn, title: 'Reports' },
          },
          {
            path: 'report/:reportId',
            ...page(
              () => import('./features/reports/editor/ReportEditorPage.tsx'),
              (m) => m.ReportEditorPage,
            ),
            handle: { ...signedIn, title: 'Report' },
          },
          // Each edit tab's page lives in the feature folder of its domain; EditLayout alone decides who may open which
          // tab (editTabs.ts), so the pages do not check again (decision 0061).
          {
            path: 'edit',
            ...page(
              () => import('./features/project-edit/EditLayout.tsx'),
              (m) => m.EditLayout,
            ),
            handle: { ...signedIn, title: 'Edit' },
            children: [
              {
                index: true,
                ...page(
                  () => import('./features/project-edit/ProjectOverview.tsx'),
                  (m) => m.ProjectOverview,
                ),
                handle: { ...signedIn, title: 'General' },
              },
              {
                path: 'actions',
                ...page(
                  () => import('./features/alarms/AlarmActionsPage.tsx'),
                  (m) => m.AlarmActionsPage,
                ),
                handle: { ...signedIn, title: 'Actions' },
              },
              {
                path: 'colors',
                ...page(
                  () => import('./features/colors/ProjectColorsPage.tsx'),
                  (m) => m.ProjectColorsPage,
                ),
                handle: { ...signedIn, title: 'Colors' },
              },
              {
                path: 'info',
                ...page(
                  () => import('./features/project-edit/ProjectInfoPage.tsx'),
                  (m) => m.ProjectInfoPage,
                ),
                handle: { ...signedIn, title: 'Project information' },
              },
              {
                path: 'pages',
                ...page(
                  () => import('./features/project-edit/ProjectPagesPage.tsx'),
                  (m) => m.ProjectPagesPage,
                ),
                handle: { ...signedIn, title: 'Summary pages' },
              },
              {
                path: 'series',
                ...page(
                  () => import('./features/series/SeriesEditPage.tsx'),
                  (m) => m.SeriesEditPage,
                ),
                handle: { ...signedIn, title: 'Series' },
              },
              {
                path: 'users',
                ...page(
                  () => import('./features/project-edit/ProjectUsersPage.tsx'),
                  (m) => m.ProjectUsersPage,
                ),
                handle: { ...signedIn, title: 'Users' },
              },
              {
                path: 'weather',
                ...page(
                  () => import('./features/weather/WeatherSourcesPage.tsx'),
                  (m) => m.WeatherSourcesPage,
                ),
                handle: { ...signedIn, title: 'Weather' },
              },
            ],
          },
        ],
      },
      {
        path: 'project/:projectPublicId',
        ...page(
          () => import('./features/public-project/PublicProjectPage.tsx'),
          (m) => m.PublicProjectPage,
        ),
        // Named by the project once it loads (decision 0168).
        handle: { ...publicPlainClient, title: 'Project', entityTitle: true },
      },
      {
        path: 'report/:reportPublicId',
        ...page(
          () => import('./features/reports/public/PublicReportPage.tsx'),
          (m) => m.PublicReportPage,
        ),
        handle: { ...publicPlainClient, title: 'Report' },
      },
      {
        // The page the server's PDF renderer prints (it hands reports in through window.__oloPrint); linked from nowhere.
        path: 'print/report',
        ...page(
          () => import('./features/reports/print/PrintReportPage.tsx'),
          (m) => m.PrintReportPage,
        ),
        handle: { public: true, layout: false, title: 'Report' },
      },
      {
        path: '*',
        ...page(
          () => import('./features/layout/NotFoundPage.tsx'),
          (m) => m.NotFoundPage,
        ),
        handle: { ...publicPage, title: 'Page not found' },
      },
    ],
  },
];
