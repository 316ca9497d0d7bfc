import { Anchor, Badge, Button, Card, Collapse, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardProjectFieldsFragment } from '../../graphql/generated.ts';
import classes from './HomePage.module.css';
import { ProjectStatusStrip } from './ProjectStatusStrip.tsx';

type Space = DashboardProjectFieldsFragment['spaces'][number];

/** Ended, archived and hidden: states to notice before reading its values. */
function ProjectBadges({ project }: { project: DashboardProjectFieldsFragment }) {
  const { t } = useTranslation();
  if (!project.ended && !project.archived && !project.hidden) return null;
  return (
    <Group gap={4}>
      {project.ended && <Badge color="gray">{t('Ended')}</Badge>}
      {project.archived && <Badge color="dark">{t('Archived')}</Badge>}
      {project.hidden && <Badge color="yellow">{t('Hidden')}</Badge>}
    </Group>
  );
}

function SpaceItem({
  project,
  space,
  open,
  onToggle,
  onHide,
}: {
  project: DashboardProjectFieldsFragment;
  space: Space;
  open: boolean;
  onToggle: () => void;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const contentId = `dashboard-space-${space.id}`;
  return (
    <div className={classes.space}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={contentId}
          className={classes.spaceToggle}
        >
          <span aria-hidden className={classes.chevron} data-open={open || undefined}>
            ▸
          </span>
          {space.name}
        </UnstyledButton>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={onHide}
          aria-label={t('Hide {{name}} from the dashboard', { name: space.name })}
        >
          {t('Hide')}
        </Button>
      </Group>
      <Collapse expanded={open} id={contentId}>
        <Stack gap={4} pl="lg" pt={4} pb="xs">
          {space.description && <Text size="sm">{space.description}</Text>}
          <Anchor component={Link} to={`/p/${project.id}/live`} size="sm">
            {t('Live view')}
          </Anchor>
        </Stack>
      </Collapse>
    </div>
  );
}

/** A project on the dashboard: its identity and state, and its spaces, each of which opens to show more. */
export function DashboardProjectCard({
  project,
  openSpaces,
  hiddenSpaces,
  onSpaceOpen,
  onSpaceHidden,
}: {
  project: DashboardProjectFieldsFragment;
  openSpaces: readonly number[];
  hiddenSpaces: readonly number[];
  onSpaceOpen: (spaceId: number, open: boolean) => void;
  onSpaceHidden: (spaceId: number, hidden: boolean) => void;
}) {
  const { t } = useTranslation();
  const [showHidden, setShowHidden] = useState(false);
  const spaces = project.spaces.filter((space) => space.show);
  const shown = spaces.filter((space) => !hiddenSpaces.includes(space.id));
  const hidden = spaces.filter((space) => hiddenSpaces.includes(space.id));

  return (
    <Card padding="md" component="article" aria-labelledby={`dashboard-project-${project.id}`}>
      <Stack gap="xs">
        {/* The name, then its state and values: "is everything fine?" comes before where the project belongs. */}
        <Title order={2} size="h4" id={`dashboard-project-${project.id}`}>
          <Anchor component={Link} to={`/p/${project.id}`} inherit>
            {project.name}
          </Anchor>
        </Title>
        <ProjectBadges project={project} />
        <ProjectStatusStrip project={project} />
        {(project.code || project.organization) && (
          <Group gap="xs">
            {project.code && (
              <Text size="sm" c="dimmed">
                {project.code}
              </Text>
            )}
            {project.organization && (
              <Anchor component={Link} to={`/o/${project.organization.slug}`} size="sm" c="dimmed">
                {project.organization.name}
              </Anchor>
            )}
          </Group>
        )}
        {spaces.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('No spaces.')}
          </Text>
        ) : (
          <ul aria-label={t('Spaces')} className={classes.spaceList}>
            {shown.map((space) => (
              <li key={space.id}>
                <SpaceItem
                  project={project}
                  space={space}
                  open={openSpaces.includes(space.id)}
                  onToggle={() => onSpaceOpen(space.id, !openSpaces.includes(space.id))}
                  onHide={() => onSpaceHidden(space.id, true)}
                />
              </li>
            ))}
          </ul>
        )}
        {hidden.length > 0 && (
          <Stack gap={4}>
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => setShowHidden((value) => !value)}
              aria-expanded={showHidden}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('Hidden spaces: {{number}}', { number: hidden.length })}
            </Button>
            <Collapse expanded={showHidden}>
              <Stack gap={4} pl="sm">
                {hidden.map((space) => (
                  <Group key={space.id} justify="space-between" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {space.name}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onSpaceHidden(space.id, false)}
                      aria-label={t('Show {{name}} on the dashboard', { name: space.name })}
                    >
                      {t('Show')}
                    </Button>
                  </Group>
                ))}
              </Stack>
            </Collapse>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
