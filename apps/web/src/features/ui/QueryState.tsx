import type { ErrorLike } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Alert, Box, Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
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
 * The shape of what is loading, so that the skeleton stands where the content will (no jump when it arrives): text,
 * a grid of cards, a table, or a status strip (a row of badges over a line of values).
 */
export type SkeletonShape = 'lines' | 'cards' | 'table' | 'strip';

/**
 * Grey placeholders in the shape of the content while it loads, instead of a spinner: the page keeps its layout and
 * shows where things will be. Screen readers hear "Loading" once (a busy status), not each placeholder.
 */
export function LoadingSkeleton({ shape = 'lines', testId }: { shape?: SkeletonShape; testId?: string }) {
  const { t } = useTranslation();
  let placeholders: ReactNode;
  if (shape === 'cards') {
    placeholders = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((card) => (
          <Card key={card} withBorder>
            <Stack gap="sm">
              <Skeleton height={22} width="60%" />
              <Group gap="xs">
                <Skeleton height={36} width="30%" />
                <Skeleton height={36} width="30%" />
              </Group>
              <Skeleton height={12} />
              <Skeleton height={12} width="80%" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (shape === 'strip') {
    placeholders = (
      <Stack gap="xs">
        <Group gap="xs">
          <Skeleton height={22} width={180} radius="xl" />
          <Skeleton height={22} width={90} radius="xl" />
        </Group>
        <Skeleton height={14} width="70%" />
        <Skeleton height={40} />
      </Stack>
    );
  } else if (shape === 'table') {
    placeholders = (
      <Stack gap="xs">
        <Skeleton height={28} />
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={20} width={row % 2 ? '90%' : '100%'} />
        ))}
      </Stack>
    );
  } else {
    placeholders = (
      <Stack gap="sm">
        <Skeleton height={24} width="40%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="90%" />
        <Skeleton height={12} width="70%" />
        <Skeleton height={160} mt="sm" />
      </Stack>
    );
  }
  return (
    <Box role="status" aria-busy="true" aria-label={t('Loading')} data-testid={testId ?? 'loading-skeleton'} py="sm">
      <div aria-hidden="true">{placeholders}</div>
    </Box>
  );
}

/**
 * What a screen shows while its query loads or after it failed: a skeleton of `skeleton`'s shape, the permission
 * message, or
 * a general error; its children once there is data to render. Given the query's `data`, an answer already there stays
 * on screen while the query asks again, and after a later request failed; `empty` stands instead of the children when
 * that answer is an empty list.
 */
export function QueryState({
  loading,
  error,
  data,
  empty,
  skeleton,
  children,
}: {
  loading: boolean;
  /** The loading placeholder's shape; lines by default. */
  skeleton?: SkeletonShape;
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
    return <LoadingSkeleton shape={skeleton} />;
  }
  if (empty !== undefined && Array.isArray(data) && data.length === 0) return <>{empty}</>;
  return <>{children}</>;
}
