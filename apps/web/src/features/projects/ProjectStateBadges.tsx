import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ProjectState {
  ended: boolean;
  archived: boolean;
  /** Absent where the list never holds hidden projects (an organization's page). */
  hidden?: boolean;
}

/**
 * Ended, archived and hidden, the states a viewer should notice before reading data of a project: lists show them
 * first, before the project's name (decision 0102).
 */
export function ProjectStateBadges({ project }: { project: ProjectState }) {
  const { t } = useTranslation();
  if (!project.ended && !project.archived && !project.hidden) return null;
  return (
    <Group gap={4} data-testid="project-state">
      {project.ended && (
        <Badge color="orange" variant="light" tt="none">
          {t('Project measurement ended.')}
        </Badge>
      )}
      {project.archived && (
        <Badge color="gray" variant="light" tt="none">
          {t('Archived')}
        </Badge>
      )}
      {project.hidden && (
        <Badge color="gray" variant="outline" tt="none">
          {t('Hidden')}
        </Badge>
      )}
    </Group>
  );
}
