import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled part of the meter page; `action` sits beside the title. */
export function MeterSection({
  id,
  title,
  action,
  children,
  testId,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
