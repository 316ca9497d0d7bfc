import { Alert } from '@mantine/core';

/** A form's error that belongs to no field (a refusal, a lost connection), above the form. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
