import { Button, Group, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A form's submit button ("Save" unless named), and "Cancel" beside it when the form can be closed unsaved. */
export function FormButtons({
  loading,
  submitLabel,
  onCancel,
  size,
}: {
  loading: boolean;
  submitLabel?: string;
  onCancel?: () => void;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button type="submit" size={size} loading={loading}>
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
