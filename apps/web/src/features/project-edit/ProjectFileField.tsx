import { useMutation } from '@apollo/client/react';
import { FileInput, Group, Stack, Text } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type ProjectAdminFieldsFragment, UpdateProjectInfoDocument } from '../../graphql/generated.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { useAttachmentUpload } from './useAttachmentUpload.ts';

/** Texts of one file field, already translated. */
export interface ProjectFileTexts {
  upload: string;
  replace: string;
  description: string;
  remove: string;
  confirmRemove: string;
  saved: string;
  removed: string;
}

/**
 * A file of the project (its picture or its attachment): uploaded and set as soon as it is chosen,
 * so it has no save button of its own; type and size are checked before anything is sent.
 */
export function ProjectFileField({
  project,
  field,
  hasFile,
  acceptedTypes,
  texts,
  preview,
  testId,
}: {
  project: ProjectAdminFieldsFragment;
  field: 'pictureId' | 'attachmentId';
  hasFile: boolean;
  acceptedTypes: readonly string[];
  texts: ProjectFileTexts;
  preview: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const [updateProject, removing] = useMutation(UpdateProjectInfoDocument);
  const { upload, uploading, error, setError, showError, resetRef } = useAttachmentUpload(
    { projectId: project.id },
    acceptedTypes,
    async (id) => {
      await updateProject({ variables: { input: { id: project.id, [field]: id } } });
      toast.success(texts.saved);
    },
  );

  const remove = async () => {
    if (!(await ask(texts.confirmRemove))) return;
    setError(null);
    try {
      await updateProject({ variables: { input: { id: project.id, [field]: null } } });
    } catch (failure) {
      return showError(failure);
    }
    toast.success(texts.removed);
  };

  return (
    <Stack>
      {preview}
      <Group align="flex-end">
        <FileInput
          label={hasFile ? texts.replace : texts.upload}
          description={texts.description}
          placeholder={t('Choose a file')}
          accept={acceptedTypes.join(',')}
          value={null}
          onChange={(file) => void upload(file)}
          error={error}
          disabled={uploading}
          style={{ flex: 1 }}
          maw={480}
          resetRef={resetRef}
          fileInputProps={{ 'data-testid': testId } as ComponentProps<'input'>}
        />
        {hasFile && (
          <DeleteButton size="sm" loading={removing.loading} onClick={() => void remove()}>
            {texts.remove}
          </DeleteButton>
        )}
      </Group>
      {uploading && <Text size="sm">{t('Uploading…')}</Text>}
    </Stack>
  );
}
