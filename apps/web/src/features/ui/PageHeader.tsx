import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The head of every main page: its title (the page's one h1), a line saying what the page is for, and the page's
 * actions at the right, which wrap under the title on a phone. One component, so every page starts alike.
 */
export function PageHeader({
  title,
  description,
  actions,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Only actions the viewer may take; none leaves the title alone. */
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" data-testid={testId} mb="xs">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1}>{title}</Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
