import { useMutation } from '@apollo/client/react';
import { Anchor, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { attachmentContentTypes, tenancyErrors, tenancyLimits } from '@olo/shared';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateProjectAttachmentDocument,
  type ProjectAdminFieldsFragment,
  UpdateProjectInfoDocument,
} from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { readBase64 } from './readBase64.ts';

const acceptedTypes: readonly string[] = attachmentContentTypes;

/**
 * The project's attachment (spec: Project.attachment), a document that goes with the project, such
 * as a measurement plan. Like the picture it is stored as soon as it is chosen.
 */
export function ProjectAttachment({ project }: { project: ProjectAdminFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Emptied after each choice, so that choosing the same file again uploads it again.
  const resetInput = useRef<() => void>(null);
  const [createAttachment] = useMutation(CreateProjectAttachmentDocument);
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
      const content = await readBase64(file);
      const { data } = await createAttachment({
        variables: { projectId: project.id, name: file.name, contentType: file.type, content },
      });
      const attachmentId = data?.createAttachment.id;
      if (attachmentId) await updateProject({ variables: { input: { id: project.id, attachmentId } } });
      toast.success(t('Attachment saved.'));
    } catch (failure) {
      showServerError(failure);
    } finally {
      setUploading(false);
      resetInput.current?.();
    }
  };

  const remove = async () => {
    if (!window.confirm(t('Remove the attachment of the project?'))) return;
    setError(null);
    try {
      await updateProject({ variables: { input: { id: project.id, attachmentId: null } } });
    } catch (failure) {
      return showServerError(failure);
    }
    toast.success(t('Attachment removed.'));
  };

  const attachment = project.attachment;
  const size = attachment
    ? new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(attachment.size / 1024)
    : '';

  return (
    <Stack>
      {attachment ? (
        <Text data-testid="project-attachment">
          <Anchor href={attachment.path} target="_blank" rel="noopener">
            {attachment.name}
          </Anchor>{' '}
          <Text span c="dimmed" size="sm">
            {size} kB
          </Text>
        </Text>
      ) : (
        <Text c="dimmed">{t('The project has no attachment.')}</Text>
      )}
      <Group align="flex-end">
        <FileInput
          label={attachment ? t('Replace the attachment') : t('Upload an attachment')}
          description={t('PDF, text, CSV or an image, at most 5 MB')}
          placeholder={t('Choose a file')}
          accept={acceptedTypes.join(',')}
          value={null}
          onChange={(file) => void upload(file)}
          error={error}
          disabled={uploading}
          style={{ flex: 1 }}
          maw={480}
          resetRef={resetInput}
          fileInputProps={{ 'data-testid': 'project-attachment-input' } as ComponentProps<'input'>}
        />
        {attachment && (
          <Button variant="light" color="red" loading={removing.loading} onClick={() => void remove()}>
            {t('Remove attachment')}
          </Button>
        )}
      </Group>
      {uploading && <Text size="sm">{t('Uploading…')}</Text>}
    </Stack>
  );
}
