import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" id={id} aria-labelledby={`${id}-title`}>
      <Stack>
        <Title order={2} size="h3" id={`${id}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Lets the profile page ask about unsaved changes once for all of its forms. */
export type DirtyChangeHandler = (dirty: boolean) => void;
