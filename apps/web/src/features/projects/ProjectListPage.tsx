import { useQuery, useSubscription } from '@apollo/client/react';
import { Anchor, Badge, Container, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ProjectListDocument, type ProjectListQuery, ProjectsUpdatedDocument } from '../../graphql/generated.ts';
import { MetersOnline } from '../home/ProjectStatusStrip.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { FavouriteToggle } from './FavouriteToggle.tsx';
import { NoProjects } from './NoProjects.tsx';
import { ProjectStateBadges } from './ProjectStateBadges.tsx';
import {
  defaultProjectFilter,
  filterFromSearchParams,
  filterSwitches,
  filterVariables,
  type ProjectFilterState,
  projectMatchesFilter,
  searchParamsWithFilter,
} from './projectFilter.ts';

type ListedProject = ProjectListQuery['projects'][number];

/**
 * Ended, archived or hidden first (decision 0102); a project still measuring then says what the home status strip
 * says first: its meters online, the newest reading's age and its open alarms (decision 0165).
 */
function ProjectListStatus({ project }: { project: ListedProject }) {
  const { t } = useTranslation();
  const measuring = !project.ended && !project.archived;
  return (
    <Stack gap={4} align="flex-start">
      <ProjectStateBadges project={project} />
      {measuring && <MetersOnline state={project.state} newest={project.state.latestReadingAt} now={Date.now()} />}
      {measuring && project.alarmsTriggeredCount > 0 && (
        <Anchor component={Link} to={`/p/${project.id}/alarms`} underline="never" data-testid="project-open-alarms">
          <Badge color="red.9" tt="none" style={{ cursor: 'pointer' }}>
            {t('Alarms: {{number}}', { number: project.alarmsTriggeredCount })}
          </Badge>
        </Anchor>
      )}
    </Stack>
  );
}

function ProjectRow({ project }: { project: ListedProject }) {
  return (
    <Table.Tr data-testid={`project-row-${project.id}`}>
      {/* The state first: an ended or archived project is noticed before its name is read (decision 0102). */}
      <Table.Td data-testid="project-state-cell">
        <ProjectListStatus project={project} />
      </Table.Td>
      <Table.Td w={48}>
        <FavouriteToggle project={project} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/p/${project.id}`} fw={500}>
          {project.name}
        </Anchor>
        {project.code && (
          <Text size="xs" c="dimmed">
            {project.code}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{project.organization?.name}</Table.Td>
    </Table.Tr>
  );
}

/** /p: the projects the viewer sees, filtered by the switches and the search box kept in the URL. */
export function ProjectListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFromSearchParams(searchParams);
  const { data, previousData, loading, error, refetch } = useQuery(ProjectListDocument, {
    variables: { filter: filterVariables(filter) },
    fetchPolicy: 'cache-and-network',
  });
  // A change can bring a project into the list or take one out; the server knows which, so the list asks again.
  useSubscription(ProjectsUpdatedDocument, {
    onData: () => {
      void refetch().catch(() => {});
    },
  });

  const setFilter = (changes: Partial<ProjectFilterState>) =>
    setSearchParams(
      (previous) => searchParamsWithFilter(previous, { ...filterFromSearchParams(previous), ...changes }),
      {
        replace: true,
      },
    );
  const switchLabels: Record<(typeof filterSwitches)[number], string> = {
    hidden: t('Show hidden'),
    archived: t('Show archived'),
    ended: t('Show ended'),
    favourite: t('Favourites only'),
  };

  const shown = data ?? previousData;
  const projects = shown?.projects.filter((project) => projectMatchesFilter(project, filter));
  const filtered = filterSwitches.some((name) => filter[name] !== defaultProjectFilter[name]) || filter.search.trim();

  return (
    <Container size="lg">
      <Stack>
        <PageHeader title={t('Projects')} description={t('The projects shared with you, with their state.')} />
        <Group align="flex-end" gap="lg" role="search" aria-label={t('Filter projects')}>
          <SearchBox
            value={filter.search}
            onChange={(search) => setFilter({ search })}
            placeholder={t('Name, code or description')}
          />
          <Group gap="md" pb={8}>
            {filterSwitches.map((name) => (
              <Switch
                key={name}
                label={switchLabels[name]}
                checked={filter[name]}
                onChange={(event) => setFilter({ [name]: event.currentTarget.checked })}
              />
            ))}
          </Group>
        </Group>
        <ListTable
          loading={loading}
          error={error}
          items={projects}
          empty={
            filtered ? (
              <EmptyState
                testId="project-list-empty"
                title={t('No projects match the filters.')}
                action={{ label: t('Clear the filters'), onClick: () => setFilter(defaultProjectFilter) }}
              />
            ) : (
              <NoProjects testId="project-list-empty" />
            )
          }
          label={t('Projects')}
          testId="project-list"
          minWidth={560}
          head={
            <>
              <Table.Th>{t('Status')}</Table.Th>
              <Table.Th>{t('Favourite')}</Table.Th>
              <Table.Th>{t('Project')}</Table.Th>
              <Table.Th>{t('Organization')}</Table.Th>
            </>
          }
          row={(project) => <ProjectRow key={project.id} project={project} />}
        />
      </Stack>
    </Container>
  );
}
