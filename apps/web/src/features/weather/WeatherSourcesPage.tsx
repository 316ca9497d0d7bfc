import { useTranslation } from 'react-i18next';
import { useEditedProject } from '../project-edit/EditLayout.tsx';
import { Section } from '../ui/Section.tsx';
import { WeatherSourcesSection } from './WeatherSourcesSection.tsx';

/** The weather edit tab: where the project's outdoor weather comes from. */
export function WeatherSourcesPage() {
  const { t } = useTranslation();
  const project = useEditedProject();
  return (
    <Section
      id="weather-sources"
      title={t('Weather sources')}
      description={t(
        'Outdoor weather beside the measurements: observations of the nearest station or a weather model.',
      )}
    >
      <WeatherSourcesSection key={project.id} projectId={project.id} />
    </Section>
  );
}
