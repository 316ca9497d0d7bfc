import type { RouteObject } from 'react-router';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { LogoutPage } from './features/auth/LogoutPage.tsx';
import { RegisterPage } from './features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage.tsx';
import { VerifyEmailPage } from './features/auth/VerifyEmailPage.tsx';
import { FrontPage } from './features/front-page/FrontPage.tsx';
import { HomePage } from './features/home/HomePage.tsx';
import { ErrorPage } from './features/layout/ErrorPage.tsx';
import { NotAvailableYet } from './features/layout/NotAvailableYet.tsx';
import { NotFoundPage } from './features/layout/NotFoundPage.tsx';
import { RootLayout } from './features/layout/RootLayout.tsx';
import type { RouteHandle } from './features/layout/routeHandle.ts';
import { ProfilePage } from './features/profile/ProfilePage.tsx';
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
      later('invitations-accept'),
      later('errors'),
      later('meters'),
      later('meters/:meterId'),
      later('p'),
      later('o'),
      later('o/:slug'),
      {
        path: 'admin',
        handle: siteAdmin,
        children: [
          laterIndex(siteAdmin),
          later('meters', siteAdmin),
          later('meters/:meterId', siteAdmin),
          later('users', siteAdmin),
          later('status-dash', siteAdmin),
          later('limits', siteAdmin),
          later('colors', siteAdmin),
        ],
      },
      {
        path: 'p/:projectId',
        handle: signedIn,
        children: [
          laterIndex(),
          later('alarms'),
          later('live'),
          later('liveold'),
          later('summary'),
          later('report'),
          later('report/:reportId'),
          {
            path: 'edit',
            handle: signedIn,
            children: [
              laterIndex(),
              later('actions'),
              later('colors'),
              later('info'),
              later('pages'),
              later('series'),
              later('users'),
            ],
          },
        ],
      },
      later('project/:projectPublicId', publicPlainClient),
      later('report/:reportPublicId', publicPlainClient),
      { path: '*', element: <NotFoundPage />, handle: publicPage },
    ],
  },
];
