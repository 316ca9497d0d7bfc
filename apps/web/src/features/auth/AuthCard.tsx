import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Frame of the account pages (login, registration, password reset...). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto" mt="xl">
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
