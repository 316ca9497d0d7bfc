import { Anchor, Text } from '@mantine/core';
import { attachmentContentTypes } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import type { ProjectAdminFieldsFragment } from '../../graphql/generated.ts';
import { ProjectFileField } from './ProjectFileField.tsx';

/**
 * The project's attachment (spec: Project.attachment), a document that goes with the project, such
 * as a measurement plan.
 */
export function ProjectAttachment({ project }: { project: ProjectAdminFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const attachment = project.attachment;
  const size = attachment
    ? new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(attachment.size / 1024)
    : '';
  return (
    <ProjectFileField
      project={project}
      field="attachmentId"
      hasFile={Boolean(attachment)}
      acceptedTypes={attachmentContentTypes}
      texts={{
        upload: t('Upload an attachment'),
        replace: t('Replace the attachment'),
        description: t('PDF, text, CSV or an image, at most 5 MB'),
        remove: t('Remove attachment'),
        confirmRemove: t('Remove the attachment of the project?'),
        saved: t('Attachment saved.'),
        removed: t('Attachment removed.'),
      }}
      testId="project-attachment-input"
      preview={
        attachment ? (
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
        )
      }
    />
  );
}
