import { useMutation } from '@apollo/client/react';
import { Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { tenancyErrors, tenancyLimits } from '@olo/shared';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CreateProjectPictureDocument,
  type ProjectAdminFieldsFragment,
  UpdateProjectInfoDocument,
} from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { readBase64 } from './readBase64.ts';

const pictureTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Picture of the project: uploaded and set as soon as it is chosen, so it has no save button of its own. */
export function ProjectPicture({ project }: { project: ProjectAdminFieldsFragment }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Emptied after each choice, so that choosing the same file again uploads it again.
  const resetInput = useRef<() => void>(null);
  const [createAttachment] = useMutation(CreateProjectPictureDocument);
  const [updateProject, removing] = useMutation(UpdateProjectInfoDocument);

  const showServerError = (failure: unknown) => {
    const { fields, general } = formErrorsFromServer(failure);
    setError([...Object.values(fields), ...general].map((message) => t(message)).join(' '));
  };

  const upload = async (file: File | null) => {
    setError(null);
    if (!file) return;
    const refused = !pictureTypes.includes(file.type)
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
      const pictureId = data?.createAttachment.id;
      if (pictureId) await updateProject({ variables: { input: { id: project.id, pictureId } } });
      toast.success(t('Picture saved.'));
    } catch (failure) {
      showServerError(failure);
    } finally {
      setUploading(false);
      resetInput.current?.();
    }
  };

  const remove = async () => {
    if (!window.confirm(t('Remove the picture of the project?'))) return;
    setError(null);
    try {
      await updateProject({ variables: { input: { id: project.id, pictureId: null } } });
    } catch (failure) {
      return showServerError(failure);
    }
    toast.success(t('Picture removed.'));
  };

  return (
    <Stack>
      {project.picture ? (
        <Image
          src={project.picture.path}
          alt={t('Picture of the project')}
          w="auto"
          maw="min(100%, 480px)"
          mah={360}
          fit="contain"
          radius="sm"
          data-testid="project-picture"
        />
      ) : (
        <Text c="dimmed">{t('The project has no picture.')}</Text>
      )}
      <Group align="flex-end">
        <FileInput
          label={project.picture ? t('Replace the picture') : t('Upload a picture')}
          description={t('PNG, JPEG, WebP or GIF, at most 5 MB')}
          placeholder={t('Choose a file')}
          accept={pictureTypes.join(',')}
          value={null}
          onChange={(file) => void upload(file)}
          error={error}
          disabled={uploading}
          style={{ flex: 1 }}
          maw={480}
          resetRef={resetInput}
          fileInputProps={{ 'data-testid': 'project-picture-input' } as ComponentProps<'input'>}
        />
        {project.picture && (
          <Button variant="light" color="red" loading={removing.loading} onClick={() => void remove()}>
            {t('Remove picture')}
          </Button>
        )}
      </Group>
      {uploading && <Text size="sm">{t('Uploading…')}</Text>}
    </Stack>
  );
}
