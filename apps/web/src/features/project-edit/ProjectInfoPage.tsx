import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../ui/Section.tsx';
import { useEditedProject } from './EditLayout.tsx';
import { ProjectAttachment } from './ProjectAttachment.tsx';
import { ProjectInfoForm } from './ProjectInfoForm.tsx';
import { ProjectPicture } from './ProjectPicture.tsx';

export function ProjectInfoPage() {
  const { t } = useTranslation();
  const project = useEditedProject();
  return (
    <Stack>
      <Section id="project-info" title={t('Project information')}>
        <ProjectInfoForm key={project.id} project={project} />
      </Section>
      <Section id="picture" title={t('Picture')}>
        <ProjectPicture project={project} />
      </Section>
      <Section id="attachment" title={t('Attachment')}>
        <ProjectAttachment project={project} />
      </Section>
    </Stack>
  );
}
