import { skipToken, useQuery } from '@apollo/client/react';
import { Anchor, Button, Card, Group, List, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProjectChecklistDocument, ProjectChecklistReportsDocument } from '../../graphql/generated.ts';
import { editTabPath } from '../project-edit/editTabs.ts';

interface Step {
  key: string;
  label: string;
  done: boolean;
  to: string;
}

const dismissedKey = (projectId: number) => `olo.projectChecklist.dismissed.${projectId}`;

function readDismissed(projectId: number): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(projectId)) === '1';
  } catch {
    return false;
  }
}

/**
 * A new project's next steps for its administrators (decision 0152): spaces → meters → limits → alarms → report, each
 * ticked once done and leading to where it is done. Gone once every step is done, or when dismissed.
 */
export function ProjectChecklist({ projectId, privileges }: { projectId: number; privileges: readonly string[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readDismissed(projectId));
  const isAdmin = privileges.includes('admin');
  const { data } = useQuery(
    ProjectChecklistDocument,
    isAdmin && !dismissed ? { variables: { id: projectId }, fetchPolicy: 'cache-and-network' } : skipToken,
  );
  const reports = useQuery(
    ProjectChecklistReportsDocument,
    isAdmin && !dismissed ? { variables: { projectId }, fetchPolicy: 'cache-and-network' } : skipToken,
  );
  if (!isAdmin || dismissed || !data) return null;
  const { project } = data;
  const fed = project.series.filter((serie) => serie.seriesDatasources.length > 0);
  const steps: Step[] = [
    {
      key: 'spaces',
      label: t('Add the spaces you measure'),
      done: project.spaces.length > 0,
      to: `${editTabPath(projectId, 'general')}#spaces`,
    },
    {
      key: 'meters',
      label: t('Add meters to the spaces'),
      done: fed.length > 0,
      to: `${editTabPath(projectId, 'series')}?tab=add-meter`,
    },
    {
      key: 'limits',
      label: t('Check the limits that colour the values'),
      done: fed.length > 0 && fed.every((serie) => serie.limit !== null),
      to: editTabPath(projectId, 'colors'),
    },
    {
      key: 'alarms',
      label: t('Set up an alarm'),
      done: project.alarms.length > 0,
      to: `/p/${projectId}/alarms`,
    },
    {
      key: 'report',
      label: t('Make a report'),
      done: (reports.data?.reports.length ?? 0) > 0,
      to: `/p/${projectId}/report`,
    },
  ];
  if (steps.every((step) => step.done)) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(dismissedKey(projectId), '1');
    } catch {
      // Without storage it comes back on the next visit, which is harmless.
    }
    setDismissed(true);
  };
  const doneCount = steps.filter((step) => step.done).length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="project-checklist-title">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Title order={2} size="h4" id="project-checklist-title">
            {t('Get the project going')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('{{done}} of {{all}} steps done', { done: doneCount, all: steps.length })}
          </Text>
        </div>
        <Button variant="subtle" size="xs" onClick={dismiss}>
          {t('Hide the steps')}
        </Button>
      </Group>
      <List spacing="xs" center data-testid="project-checklist">
        {steps.map((step) => (
          <List.Item
            key={step.key}
            data-step={step.key}
            data-done={step.done}
            icon={
              <ThemeIcon
                color={step.done ? 'teal' : 'gray'}
                variant={step.done ? 'filled' : 'light'}
                size={22}
                radius="xl"
              >
                <span aria-hidden>{step.done ? '✓' : ''}</span>
              </ThemeIcon>
            }
          >
            <Anchor
              component={Link}
              to={step.to}
              td={step.done ? 'line-through' : undefined}
              c={step.done ? 'dimmed' : undefined}
            >
              {step.label}
            </Anchor>
            <VisuallyHidden>{step.done ? t('(done)') : t('(to do)')}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
