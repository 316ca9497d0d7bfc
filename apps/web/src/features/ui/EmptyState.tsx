import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The next step an empty state offers: a link to a page or a button. */
export interface EmptyStateAction {
  label: string;
  to?: string;
  onClick?: () => void;
}

/**
 * What a page or list shows in place of its content when there is none: what is missing (`title`), what to do next
 * (`children`), and the step itself as a button (`action`). Give `action` only when the viewer may take it: a user
 * who cannot add a meter is told whom to ask instead, never offered a button that fails.
 */
export function EmptyState({
  testId,
  title,
  action,
  children,
}: {
  testId?: string;
  title?: string;
  action?: EmptyStateAction | null;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid={testId}>
      <Stack align="center" gap="xs" ta="center">
        {title && (
          // Not a heading: an empty state sits inside sections of every level, and a heading would break their order.
          <Text fw={600} size="lg">
            {title}
          </Text>
        )}
        {children && (
          <Text c="dimmed" maw={520}>
            {children}
          </Text>
        )}
        {action &&
          (action.to ? (
            <Button component={Link} to={action.to} mt="xs">
              {action.label}
            </Button>
          ) : (
            <Button onClick={action.onClick} mt="xs">
              {action.label}
            </Button>
          ))}
      </Stack>
    </Paper>
  );
}
