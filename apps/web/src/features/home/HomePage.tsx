import { useQuery } from '@apollo/client/react';
import { Button, Collapse, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrentUserFieldsFragment, DashboardDocument } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { QueryState } from '../layout/QueryState.tsx';
import { ChooseDashboardProjects } from './ChooseDashboardProjects.tsx';
import { DashboardProjectCard } from './DashboardProjectCard.tsx';
import { toggled, useSaveDashboardOptions } from './dashboardOptions.ts';

function Dashboard({ user }: { user: CurrentUserFieldsFragment }) {
  const { t } = useTranslation();
  // Projects change without the user (new ones, ended ones), so every visit asks the server again.
  const { data, loading, error } = useQuery(DashboardDocument, { fetchPolicy: 'cache-and-network' });
  const saveOptions = useSaveDashboardOptions(user);
  const [choosing, setChoosing] = useState(false);
  const { dashboardProjects: chosen, dashboardSpacesOpen: open, dashboardSpacesHidden: hidden } = user.options;
  const projects = data?.currentUser?.dashboardProjects;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('Dashboard')}</Title>
          <Text>{t('Welcome, {{name}}!', { name: user.name || user.username })}</Text>
        </div>
        <Button variant="light" onClick={() => setChoosing((value) => !value)} aria-expanded={choosing}>
          {t('Choose projects')}
        </Button>
      </Group>
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
      {projects ? (
        projects.length === 0 ? (
          <Paper withBorder p="xl" radius="md" data-testid="dashboard-empty">
            <Text c="dimmed" ta="center">
              {chosen.length ? t('None of the chosen projects can be shown.') : t('No projects yet.')}
            </Text>
          </Paper>
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
        <QueryState loading={loading} error={error} />
      )}
    </Stack>
  );
}

/** The dashboard: the projects the user chose (or every running one), with their spaces. */
export function HomePage() {
  const { currentUser } = useCurrentUser();
  return <Container size="xl">{currentUser && <Dashboard user={currentUser} />}</Container>;
}
