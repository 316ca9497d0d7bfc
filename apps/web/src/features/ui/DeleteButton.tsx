import { ActionIcon, type ActionIconProps, Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The red button that deletes or removes something ("Delete", "Remove", "Cancel invitation"); the caller asks first
 * where the deletion cannot be undone. `label` names what it deletes, for screen readers, where the text alone does
 * not.
 */
export function DeleteButton({
  children,
  label,
  onClick,
  loading,
  disabled,
  variant = 'light',
  size = 'xs',
  testId,
}: {
  children: ReactNode;
  label?: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  variant?: 'light' | 'subtle' | 'outline';
  size?: ButtonProps['size'];
  testId?: string;
}) {
  return (
    <Button
      size={size}
      variant={variant}
      color="red"
      loading={loading}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** The red × that removes a row of a form or a menu (a band, a filter, a saved view); `label` says which. */
export function RemoveIcon({
  label,
  onClick,
  ...layout
}: { label: string; onClick: () => void } & Pick<ActionIconProps, 'mt' | 'size'>) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} {...layout}>
      ×
    </ActionIcon>
  );
}
