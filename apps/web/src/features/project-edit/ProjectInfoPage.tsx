import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditedProject } from './EditLayout.tsx';
import { EditSection } from './EditSection.tsx';
import { ProjectAttachment } from './ProjectAttachment.tsx';
import { ProjectInfoForm } from './ProjectInfoForm.tsx';
import { ProjectPicture } from './ProjectPicture.tsx';

export function ProjectInfoPage() {
  const { t } = useTranslation();
  const project = useEditedProject();
  return (
    <Stack>
      <EditSection id="project-info" title={t('Project information')}>
        <ProjectInfoForm key={project.id} project={project} />
      </EditSection>
      <EditSection id="picture" title={t('Picture')}>
        <ProjectPicture project={project} />
      </EditSection>
      <EditSection id="attachment" title={t('Attachment')}>
        <ProjectAttachment project={project} />
      </EditSection>
    </Stack>
  );
}
