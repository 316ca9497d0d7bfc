import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from './DeleteButton.tsx';

/** The "Edit" and "Delete" buttons of an item of a list, labelled with the item's name for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
  editDisabled,
  deleting,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** While another item's form is open: opening a second one would drop its unsaved changes. */
  editDisabled?: boolean;
  deleting?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        size="xs"
        variant="light"
        disabled={editDisabled}
        onClick={onEdit}
        aria-label={t('Edit {{name}}', { name })}
      >
        {t('Edit')}
      </Button>
      <DeleteButton label={t('Delete {{name}}', { name })} loading={deleting} onClick={onDelete}>
        {t('Delete')}
      </DeleteButton>
    </>
  );
}
