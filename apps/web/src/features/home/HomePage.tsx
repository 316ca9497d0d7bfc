import { useQuery } from '@apollo/client/react';
import { Button, Collapse, Container, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrentUserFieldsFragment, DashboardDocument, DashboardMetersDocument } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { NoProjects } from '../projects/NoProjects.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { ChooseDashboardMeters } from './ChooseDashboardMeters.tsx';
import { ChooseDashboardProjects } from './ChooseDashboardProjects.tsx';
import { DashboardMeterCard } from './DashboardMeterCard.tsx';
import { DashboardProjectCard } from './DashboardProjectCard.tsx';
import { toggled, useSaveDashboardOptions } from './dashboardOptions.ts';
import { useProjectsStatusLive } from './useProjectsStatusLive.ts';

/** The meters the user chose, with their latest readings; none chosen shows none (a user may see hundreds). */
function DashboardMeters({ chosen, onChoose }: { chosen: readonly number[]; onChoose: () => void }) {
  const { t } = useTranslation();
  // Readings arrive all the time, so every visit asks the server again.
  const { data, loading, error } = useQuery(DashboardMetersDocument, {
    variables: { ids: [...chosen] },
    skip: chosen.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  if (chosen.length === 0) return null;
  const meters = data?.meters;
  return (
    <Stack gap="sm" data-testid="dashboard-meters">
      <Title order={2} size="h3">
        {t('Meters')}
      </Title>
      {meters ? (
        meters.length === 0 ? (
          <EmptyState
            title={t('None of the chosen meters can be shown.')}
            action={{ label: t('Choose meters'), onClick: onChoose }}
          >
            {t('They may have been removed, or moved where you cannot see them. Choose others.')}
          </EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {meters.map((meter) => (
              <DashboardMeterCard key={meter.id} meter={meter} />
            ))}
          </SimpleGrid>
        )
      ) : (
        <QueryState loading={loading} error={error} skeleton="cards" />
      )}
    </Stack>
  );
}

function Dashboard({ user }: { user: CurrentUserFieldsFragment }) {
  const { t } = useTranslation();
  // Projects change without the user (new ones, ended ones), so every visit asks the server again.
  const { data, loading, error, refetch } = useQuery(DashboardDocument, { fetchPolicy: 'cache-and-network' });
  const saveOptions = useSaveDashboardOptions(user);
  const [choosing, setChoosing] = useState(false);
  const [choosingMeters, setChoosingMeters] = useState(false);
  const {
    dashboardProjects: chosen,
    dashboardSpacesOpen: open,
    dashboardSpacesHidden: hidden,
    dashboardMeters: chosenMeters,
  } = user.options;
  const projects = data?.currentUser?.dashboardProjects;
  const recheck = useCallback(() => void refetch(), [refetch]);
  useProjectsStatusLive(projects, recheck);

  return (
    <Stack>
      <PageHeader
        title={t('Dashboard')}
        description={t('Welcome, {{name}}!', { name: user.name || user.username })}
        actions={
          <>
            <Button variant="light" onClick={() => setChoosing((value) => !value)} aria-expanded={choosing}>
              {t('Choose projects')}
            </Button>
            <Button variant="light" onClick={() => setChoosingMeters((value) => !value)} aria-expanded={choosingMeters}>
              {t('Choose meters')}
            </Button>
          </>
        }
      />
      <Collapse expanded={choosing}>
        <Paper withBorder p="md" radius="md">
          {choosing && (
            <ChooseDashboardProjects
              chosen={chosen}
              shown={projects ?? []}
              onChange={(projectIds) => void saveOptions({ dashboardProjects: projectIds })}
            />
          )}
        </Paper>
      </Collapse>
      <Collapse expanded={choosingMeters}>
        <Paper withBorder p="md" radius="md">
          {choosingMeters && (
            <ChooseDashboardMeters
              chosen={chosenMeters}
              onChange={(meterIds) => void saveOptions({ dashboardMeters: meterIds })}
            />
          )}
        </Paper>
      </Collapse>
      <DashboardMeters chosen={chosenMeters} onChoose={() => setChoosingMeters(true)} />
      {projects ? (
        projects.length === 0 ? (
          chosen.length ? (
            <EmptyState
              testId="dashboard-empty"
              title={t('None of the chosen projects can be shown.')}
              action={{ label: t('Choose projects'), onClick: () => setChoosing(true) }}
            >
              {t(
                'They may have been removed, or shared with you no longer. Choose others, or choose none to see every running project.',
              )}
            </EmptyState>
          ) : (
            <NoProjects testId="dashboard-empty" />
          )
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="dashboard-projects">
            {projects.map((project) => (
              <DashboardProjectCard
                key={project.id}
                project={project}
                openSpaces={open}
                hiddenSpaces={hidden}
                onSpaceOpen={(spaceId, isOpen) =>
                  void saveOptions({ dashboardSpacesOpen: toggled(open, spaceId, isOpen) })
                }
                onSpaceHidden={(spaceId, isHidden) =>
                  void saveOptions({ dashboardSpacesHidden: toggled(hidden, spaceId, isHidden) })
                }
              />
            ))}
          </SimpleGrid>
        )
      ) : (
        <QueryState loading={loading} error={error} skeleton="cards" />
      )}
    </Stack>
  );
}

/** The dashboard: the projects the user chose (or every running one), with their spaces. */
export function HomePage() {
  const { currentUser } = useCurrentUser();
  return <Container size="xl">{currentUser && <Dashboard user={currentUser} />}</Container>;
}
