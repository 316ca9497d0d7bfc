import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { Alert, Image, List, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateRange, formatDay } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicProjectDocument, type PublicProjectQuery } from '../../graphql/generated.ts';
import { QueryState } from '../layout/QueryState.tsx';
import { Markdown } from '../projects/Markdown.tsx';

type PublicProject = PublicProjectQuery['projectByPublicId'];

function LinkNotWorking() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('The link does not work')} data-testid="public-link-invalid" mt="xl">
      {t('This public link does not work. It may have been turned off.')}
    </Alert>
  );
}

function ProjectDates({ project }: { project: PublicProject }) {
  const { t, i18n } = useTranslation();
  // Days in the project's own time zone, which is where its measurements happen.
  const options = { timeZone: project.timeZone };
  const date = (value: string) => formatDay(value, i18n.language, options);
  if (project.startAt && project.endAt) {
    return <Text c="dimmed">{formatDateRange(project.startAt, project.endAt, i18n.language, options)}</Text>;
  }
  if (project.startAt) return <Text c="dimmed">{t('Started {{date}}', { date: date(project.startAt) })}</Text>;
  if (project.endAt) return <Text c="dimmed">{t('Ends {{date}}', { date: date(project.endAt) })}</Text>;
  return null;
}

function PublicProjectView({ project }: { project: PublicProject }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="public-project" mt="md">
      <div>
        <Title order={1}>{project.name}</Title>
        {project.code && <Text c="dimmed">{project.code}</Text>}
        <ProjectDates project={project} />
      </div>
      {project.ended && (
        <Alert color="gray" data-testid="public-project-ended">
          {t('Project measurement ended.')}
        </Alert>
      )}
      {project.picture && (
        <Image src={project.picture.path} alt={project.name} radius="md" mah={420} fit="contain" w="auto" />
      )}
      {project.description && <Text style={{ whiteSpace: 'pre-line' }}>{project.description}</Text>}
      {project.pages.map((page) => (
        <Paper key={page.id} withBorder p="lg" radius="md" component="section" aria-labelledby={`page-${page.id}`}>
          <Stack>
            <Title order={2} size="h3" id={`page-${page.id}`}>
              {page.name}
            </Title>
            <Markdown content={page.content} />
          </Stack>
        </Paper>
      ))}
      {project.showLive && (
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="public-spaces">
          <Stack>
            <Title order={2} size="h3" id="public-spaces">
              {t('Spaces')}
            </Title>
            {project.spaces.length === 0 ? (
              <Text c="dimmed">{t('No spaces.')}</Text>
            ) : (
              <List>
                {project.spaces.map((space) => (
                  <List.Item key={space.id}>
                    <Text fw={500} span>
                      {space.name}
                    </Text>
                    {space.description && (
                      <Text c="dimmed" size="sm">
                        {space.description}
                      </Text>
                    )}
                  </List.Item>
                ))}
              </List>
            )}
            <Text size="sm" c="dimmed">
              {t('Live values of the spaces will be shown here.')}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** A project as anybody with its public link sees it, signed in or not. */
export function PublicProjectPage() {
  const { projectPublicId = '' } = useParams();
  const { data, loading, error } = useQuery(PublicProjectDocument, { variables: { publicId: projectPublicId } });
  // The server answers every unusable id alike (unknown, malformed, turned off), so any answer that is an error is one.
  if (CombinedGraphQLErrors.is(error)) return <LinkNotWorking />;
  if (!data) return <QueryState loading={loading} error={error} />;
  return <PublicProjectView project={data.projectByPublicId} />;
}
