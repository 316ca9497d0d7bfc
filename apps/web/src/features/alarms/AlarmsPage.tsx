import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type AlarmFieldsFragment, DeleteAlarmDocument, ProjectAlarmsDocument } from '../../graphql/generated.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { useShowError } from '../forms/useShowError.ts';
import { useProjectIdParam, useProjectShell } from '../projects/useProject.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PermissionDenied, QueryState } from '../ui/QueryState.tsx';
import { useMeasurementLabel } from '../ui/useMeasurementLabel.ts';
import { AlarmEditor, type AlarmsProject } from './AlarmEditor.tsx';
import { alarmForText, type SeriesLimits, seriesLimitsOf } from './alarmForm.ts';
import { conditionText, durationText, hasDuration, rangeText, ruleSummary } from './ruleText.ts';
import { TriggeredAlarms } from './TriggeredAlarms.tsx';

/** 'new', or the id of the alarm being edited; null when the editor is closed. */
type Editing = 'new' | string | null;

function AlarmItem({
  alarm,
  seriesTypes,
  seriesLimits,
  canAdmin,
  onEdit,
}: {
  alarm: AlarmFieldsFragment;
  seriesTypes: ReadonlyMap<number, string>;
  seriesLimits: SeriesLimits;
  canAdmin: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ask = useConfirm();
  const showError = useShowError();
  const [deleteAlarm, { loading }] = useMutation(DeleteAlarmDocument, {
    refetchQueries: [{ query: ProjectAlarmsDocument, variables: { projectId: alarm.projectId } }],
  });
  const typeLabel = useMeasurementLabel();
  const rule = alarmForText(alarm, seriesTypes, seriesLimits);
  const locale = i18n.language;
  const missing = hasDuration(rule.missingAfter);

  const onDelete = async () => {
    if (!(await ask(t('Delete the alarm {{name}} with its triggered alarms and actions?', { name: alarm.name }))))
      return;
    try {
      await deleteAlarm({ variables: { id: alarm.id } });
      toast.success(t('Alarm deleted.'));
    } catch (caught) {
      showError(caught);
    }
  };

  return (
    <Paper withBorder p="sm" component="article" aria-label={alarm.name} data-testid="alarm">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs">
            <Text fw={500}>{alarm.name}</Text>
            {missing ? (
              <Badge variant="light" tt="none">
                {t('Missing data')}
              </Badge>
            ) : (
              <>
                <Badge variant="light" tt="none" data-testid="alarm-range">
                  {alarm.activeLimit ? rangeText(rule, t, locale) : conditionText(rule, t, locale)}
                </Badge>
                {alarm.activeLimit && (
                  <Badge variant="outline" tt="none">
                    {t('outside')}
                  </Badge>
                )}
              </>
            )}
          </Group>
          {canAdmin && (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="light" onClick={onEdit} aria-label={t('Edit {{name}}', { name: alarm.name })}>
                {t('Edit')}
              </Button>
              <DeleteButton
                label={t('Delete {{name}}', { name: alarm.name })}
                variant="subtle"
                loading={loading}
                onClick={() => void onDelete()}
              >
                {t('Delete')}
              </DeleteButton>
            </Group>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {[
            !missing && hasDuration(alarm.duration)
              ? t('Duration: {{duration}}', { duration: durationText(alarm.duration, locale) })
              : null,
            t('Watched series: {{number}}', { number: alarm.alarmsSeries.length }),
            t('Actions: {{number}}', { number: alarm.alarmsActions.length }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm" data-testid="alarm-summary">
          {ruleSummary(rule, t, locale, typeLabel)}
        </Text>
      </Stack>
    </Paper>
  );
}

function AlarmList({
  project,
  alarms,
  canAdmin,
}: {
  project: AlarmsProject;
  alarms: AlarmFieldsFragment[];
  canAdmin: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const seriesTypes = useMemo(() => new Map(project.series.map((serie) => [serie.id, serie.dataType])), [project]);
  const seriesLimits = useMemo(() => seriesLimitsOf(project.series, i18n.language), [project, i18n.language]);
  const edited = alarms.find((alarm) => alarm.id === editing);
  return (
    <Stack gap="sm" data-testid="alarm-list">
      {canAdmin && editing === null && (
        <Group>
          <Button onClick={() => setEditing('new')}>{t('New alarm')}</Button>
        </Group>
      )}
      {editing === 'new' && <AlarmEditor project={project} onDone={() => setEditing(null)} />}
      {alarms.length === 0 && editing !== 'new' && (
        <EmptyState testId="alarms-empty" title={t('The project has no alarms.')}>
          {canAdmin
            ? t(
                'An alarm watches series against their limits or for missing readings, and tells people by mail, SMS or a webhook. Start with "New alarm".',
              )
            : t('The administrators of the project set up its alarms.')}
        </EmptyState>
      )}
      {alarms.map((alarm) =>
        edited?.id === alarm.id ? (
          <AlarmEditor key={alarm.id} project={project} alarm={alarm} onDone={() => setEditing(null)} />
        ) : (
          <AlarmItem
            key={alarm.id}
            alarm={alarm}
            seriesTypes={seriesTypes}
            seriesLimits={seriesLimits}
            canAdmin={canAdmin}
            onEdit={() => setEditing(alarm.id)}
          />
        ),
      )}
    </Stack>
  );
}

/** /p/:projectId/alarms: the triggered alarms (acknowledged here) and the alarms themselves (edited here). */
export function AlarmsPage() {
  const { t } = useTranslation();
  const projectId = useProjectIdParam();
  const shell = useProjectShell(projectId).data?.project;
  const privileges = shell?.privileges ?? [];
  const canView = privileges.includes('viewAlarms') || privileges.includes('adminAlarms');
  const canAdmin = privileges.includes('adminAlarms');
  const { data, loading, error } = useQuery(ProjectAlarmsDocument, {
    variables: { projectId: projectId ?? 0 },
    skip: projectId === null || !canView,
  });
  if (!shell || projectId === null) return null;
  if (!canView) return <PermissionDenied />;

  return (
    <DirtyFormsProvider key={projectId}>
      <Stack>
        <section aria-labelledby="alarms-triggered-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="alarms-triggered-title">
              {t('Triggered alarms')}
            </Title>
            <TriggeredAlarms
              projectId={projectId}
              spaces={data?.project.spaces ?? []}
              unacknowledgedCount={shell.alarmsTriggeredCount}
              canAcknowledge={privileges.includes('acknowledgeAlarms')}
            />
          </Stack>
        </section>
        <section aria-labelledby="alarms-list-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="alarms-list-title">
              {t('Alarms')}
            </Title>
            <QueryState loading={loading} error={error} data={data}>
              {data && <AlarmList project={data.project} alarms={data.alarms} canAdmin={canAdmin} />}
            </QueryState>
          </Stack>
        </section>
      </Stack>
    </DirtyFormsProvider>
  );
}
