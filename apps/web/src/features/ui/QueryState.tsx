import type { ErrorLike } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Alert, Center, Loader } from '@mantine/core';
import { tenancyErrors } from '@olo/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** True when the server refused the viewer (no rights, or nothing there for them). */
export function isPermissionError(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => [tenancyErrors.permissionDenied, 'Not found', 'Forbidden'].includes(item.message))
  );
}

/** The permission message a screen shows instead of content the viewer may not see or do. */
export function PermissionDenied() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('No permission')} data-testid="permission-denied">
      {t('You do not have permission to see this page. Ask an administrator of the project or organization.')}
    </Alert>
  );
}

/**
 * What a screen shows while its query loads or after it failed: a loader, the permission message, or
 * a general error; its children once there is data to render. Given the query's `data`, an answer already there stays
 * on screen while the query asks again, and after a later request failed; `empty` stands instead of the children when
 * that answer is an empty list.
 */
export function QueryState({
  loading,
  error,
  data,
  empty,
  children,
}: {
  loading: boolean;
  error?: ErrorLike;
  data?: unknown;
  empty?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const answered = data !== undefined && data !== null;
  if (error && !answered) {
    if (isPermissionError(error)) return <PermissionDenied />;
    return (
      <Alert color="red" title={t('Something went wrong.')} data-testid="query-error">
        {t('The server could not be reached. Please try again.')}
      </Alert>
    );
  }
  if (loading && !answered) {
    return (
      <Center py="xl">
        <Loader aria-label={t('Loading')} />
      </Center>
    );
  }
  if (empty !== undefined && Array.isArray(data) && data.length === 0) return <>{empty}</>;
  return <>{children}</>;
}
