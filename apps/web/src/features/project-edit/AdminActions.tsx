import { useMutation } from '@apollo/client/react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ProjectAdminAction } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ProjectAdminActionDocument } from '../../graphql/generated.ts';
import { useShowError } from '../forms/useShowError.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import type { EditedProject } from './EditLayout.tsx';

/** Ending, archiving and hiding the project, each next to the state it changes. */
export function AdminActions({ project }: { project: EditedProject }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const showError = useShowError();
  const [runAction, { loading }] = useMutation(ProjectAdminActionDocument);

  const done: Record<ProjectAdminAction, string> = {
    end: t('Project measurement ended.'),
    archive: t('The project is archived.'),
    unarchive: t('The project is no longer archived.'),
    hide: t('The project is hidden.'),
    unhide: t('The project is visible again.'),
  };

  const run = async (action: ProjectAdminAction) => {
    try {
      await runAction({ variables: { id: project.id, action } });
    } catch (error) {
      return showError(error);
    }
    toast.success(done[action]);
  };

  const endMeasurement = async () => {
    if (await ask(t('End the measurement of {{name}}? This cannot be undone.', { name: project.name }))) {
      void run('end');
    }
  };

  const rows = [
    {
      key: 'measurement',
      label: t('Measurement'),
      state: project.ended ? t('Ended') : t('Running'),
      help: t('An ended project keeps its data but collects no more.'),
      action: (
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={project.ended}
          loading={loading}
          onClick={endMeasurement}
          data-testid="admin-action-end"
        >
          {t('End measurement')}
        </Button>
      ),
    },
    {
      key: 'archive',
      label: t('Archiving'),
      state: project.archived ? t('Archived') : t('Not archived'),
      help: t('Archived projects are left out of project lists unless asked for.'),
      action: (
        <Button
          size="xs"
          variant="light"
          loading={loading}
          onClick={() => void run(project.archived ? 'unarchive' : 'archive')}
          data-testid="admin-action-archive"
        >
          {project.archived ? t('Unarchive') : t('Archive')}
        </Button>
      ),
    },
    {
      key: 'visibility',
      label: t('Visibility'),
      state: project.hidden ? t('Hidden') : t('Visible'),
      help: t('Hidden projects are left out of menus and lists unless asked for.'),
      action: (
        <Button
          size="xs"
          variant="light"
          loading={loading}
          onClick={() => void run(project.hidden ? 'unhide' : 'hide')}
          data-testid="admin-action-hide"
        >
          {project.hidden ? t('Unhide') : t('Hide')}
        </Button>
      ),
    },
  ];

  return (
    // Rows that wrap instead of a table that scrolls sideways: on a phone the state and its button stay in view, the
    // button moving under the explanation when the row has no room for both.
    <Stack gap={0} aria-label={t('Project state')} role="list">
      {rows.map((row, index) => (
        <Group
          key={row.key}
          role="listitem"
          data-testid={`admin-state-${row.key}`}
          justify="space-between"
          align="flex-start"
          gap="sm"
          py="sm"
          style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Text fw={500}>
              {row.label}:{' '}
              <Text span fw={400}>
                {row.state}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {row.help}
            </Text>
          </Stack>
          {row.action}
        </Group>
      ))}
    </Stack>
  );
}
