import { Button, Group, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A form's submit button ("Save" unless named), and "Cancel" beside it when the form can be closed unsaved. */
export function FormButtons({
  loading,
  disabled,
  submitLabel,
  onCancel,
  size,
}: {
  loading: boolean;
  /** The submit button's: while there is nothing to save, say. */
  disabled?: boolean;
  submitLabel?: string;
  onCancel?: () => void;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" size={size} loading={loading} disabled={disabled}>
        {submitLabel ?? t('Save')}
      </Button>
      {onCancel && (
        <Button size={size} variant="default" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      )}
    </Group>
  );
}
