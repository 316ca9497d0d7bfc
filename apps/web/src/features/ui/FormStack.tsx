import { Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from './FormError.tsx';

/**
 * A form validated by its own rules (`noValidate`: the browser's bubbles would speak another language), its fields in
 * a stack under its general error.
 */
export function FormStack({
  onSubmit,
  label,
  error,
  gap = 'xs',
  testId,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name. */
  label: string;
  error: string | null;
  gap?: 'xs' | 'sm' | 'md';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} data-testid={testId}>
      <Stack gap={gap}>
        <FormError message={error} />
        {children}
      </Stack>
    </form>
  );
}
