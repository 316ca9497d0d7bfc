import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDirtyForms } from '../forms/useDirtyForms.ts';
import { Section } from '../ui/Section.tsx';
import { AdminActions } from './AdminActions.tsx';
import { useEditedProject } from './EditLayout.tsx';
import { SpacesEditor } from './SpacesEditor.tsx';

/** The default edit tab: the project's state and its spaces. */
export function ProjectOverview() {
  const { t } = useTranslation();
  const project = useEditedProject();
  const { setFormDirty } = useDirtyForms();
  return (
    <Stack>
      <Section id="project-state" title={t('Project state')}>
        <AdminActions project={project} />
      </Section>
      <Section
        id="spaces"
        title={t('Spaces')}
        description={t('Rooms or areas of the project; the series of the project are grouped by them.')}
      >
        <SpacesEditor key={project.id} project={project} setFormDirty={setFormDirty} />
      </Section>
    </Stack>
  );
}
