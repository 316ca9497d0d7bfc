import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a page or list shows in place of its content when there is none: a framed, dimmed sentence. */
export function EmptyState({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid={testId}>
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Paper>
  );
}
