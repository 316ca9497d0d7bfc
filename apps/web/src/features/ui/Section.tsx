import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a page, labelled by its title; `description` sits under the title, `action` beside it (e.g. a
 * "Create" button).
 */
export function Section({
  id,
  title,
  description,
  action,
  children,
  testId,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const heading = (
    <Title order={2} size="h3" id={`${id}-title`}>
      {title}
    </Title>
  );
  const titled = description ? (
    <div>
      {heading}
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
  ) : (
    heading
  );
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
        {action ? (
          <Group justify="space-between" wrap="wrap">
            {titled}
            {action}
          </Group>
        ) : (
          titled
        )}
        {children}
      </Stack>
    </Paper>
  );
}
