import { Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectAdminFieldsFragment } from '../../graphql/generated.ts';
import { ProjectFileField } from './ProjectFileField.tsx';

const pictureTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Picture of the project, shown on its pages and its public view. */
export function ProjectPicture({ project }: { project: ProjectAdminFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <ProjectFileField
      project={project}
      field="pictureId"
      hasFile={Boolean(project.picture)}
      acceptedTypes={pictureTypes}
      texts={{
        upload: t('Upload a picture'),
        replace: t('Replace the picture'),
        description: t('PNG, JPEG, WebP or GIF, at most 5 MB'),
        remove: t('Remove picture'),
        confirmRemove: t('Remove the picture of the project?'),
        saved: t('Picture saved.'),
        removed: t('Picture removed.'),
      }}
      testId="project-picture-input"
      preview={
        project.picture ? (
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
        )
      }
    />
  );
}
