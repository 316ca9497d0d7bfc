import { useMutation } from '@apollo/client/react';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { tenancyErrors, tenancyLimits } from '@olo/shared';
import { type ComponentProps, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type ProjectAdminFieldsFragment, UpdateProjectInfoDocument } from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { uploadProjectFile } from './uploadProjectFile.ts';

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
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Emptied after each choice, so that choosing the same file again uploads it again.
  const resetInput = useRef<() => void>(null);
  const [updateProject, removing] = useMutation(UpdateProjectInfoDocument);

  const showServerError = (failure: unknown) => {
    const { fields, general } = formErrorsFromServer(failure);
    setError([...Object.values(fields), ...general].map((message) => t(message)).join(' '));
  };

  const upload = async (file: File | null) => {
    setError(null);
    if (!file) return;
    const refused = !acceptedTypes.includes(file.type)
      ? tenancyErrors.attachmentType
      : file.size > tenancyLimits.attachmentMaxBytes
        ? tenancyErrors.attachmentTooLarge
        : null;
    if (refused) {
      resetInput.current?.();
      return setError(t(refused));
    }
    setUploading(true);
    try {
      const id = await uploadProjectFile(project.id, file);
      await updateProject({ variables: { input: { id: project.id, [field]: id } } });
      toast.success(texts.saved);
    } catch (failure) {
      showServerError(failure);
    } finally {
      setUploading(false);
      resetInput.current?.();
    }
  };

  const remove = async () => {
    if (!(await ask(texts.confirmRemove))) return;
    setError(null);
    try {
      await updateProject({ variables: { input: { id: project.id, [field]: null } } });
    } catch (failure) {
      return showServerError(failure);
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
          resetRef={resetInput}
          fileInputProps={{ 'data-testid': testId } as ComponentProps<'input'>}
        />
        {hasFile && (
          <Button variant="light" color="red" loading={removing.loading} onClick={() => void remove()}>
            {texts.remove}
          </Button>
        )}
      </Group>
      {uploading && <Text size="sm">{t('Uploading…')}</Text>}
    </Stack>
  );
}
