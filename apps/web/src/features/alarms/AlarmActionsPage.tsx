import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  type AlarmDeliveryStatus,
  type AlarmsActionFieldsFragment,
  AlarmsActionsDocument,
  DeleteAlarmsActionDocument,
  TestAlarmsActionDocument,
} from '../../graphql/generated.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { useShowError } from '../forms/useShowError.ts';
import { type EditedProject, useEditedProject } from '../project-edit/EditLayout.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';
import { ActionForm, type AlarmRecipient, useTypeLabels } from './AlarmActionForm.tsx';

/** Whom the action notifies, as one line. */
function targetText(action: AlarmsActionFieldsFragment): string {
  if (action.type === 'user') return action.user ? (action.user.name ?? action.user.username) : '-';
  return action[action.type] ?? '-';
}

const statusColors: Record<AlarmDeliveryStatus, string> = {
  sent: 'teal',
  retrying: 'yellow',
  failed: 'red',
  notSent: 'gray',
};

function DeliveryState({ action }: { action: AlarmsActionFieldsFragment }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  const labels: Record<AlarmDeliveryStatus, string> = {
    sent: t('Sent'),
    retrying: t('Retrying'),
    failed: t('Failed'),
    notSent: t('Not sent'),
  };
  if (!action.deliveryStatus) {
    return (
      <Text size="sm" c="dimmed" data-testid="delivery-state">
        {t('Nothing delivered yet')}
      </Text>
    );
  }
  return (
    <Group gap="xs" data-testid="delivery-state">
      <Badge color={statusColors[action.deliveryStatus]} variant="light">
        {labels[action.deliveryStatus]}
      </Badge>
      {action.deliveryAt && (
        <Text size="sm" c="dimmed">
          <time dateTime={action.deliveryAt}>{formatTime(action.deliveryAt)}</time>
        </Text>
      )}
      {action.deliveryError && (
        <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }} data-testid="delivery-error">
          {action.deliveryError}
        </Text>
      )}
    </Group>
  );
}

function WebhookSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{t('Secret')}:</Text>
        <Code data-testid="webhook-secret" style={{ overflowWrap: 'anywhere' }}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? t('Copied') : t('Copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {t('Each request carries the header {{header}}: the HMAC-SHA256 of the request body with this secret.', {
          header: 'X-Olo-Signature: sha256=<hex>',
        })}
      </Text>
    </Stack>
  );
}

function ActionItem({
  project,
  recipients,
  action,
}: {
  project: EditedProject;
  recipients: AlarmRecipient[];
  action: AlarmsActionFieldsFragment;
}) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const typeLabels = useTypeLabels();
  const showError = useShowError();
  const [editing, setEditing] = useState(false);
  const [testAction, testing] = useMutation(TestAlarmsActionDocument);
  const [deleteAction, deleting] = useMutation(DeleteAlarmsActionDocument, {
    refetchQueries: [{ query: AlarmsActionsDocument, variables: { projectId: project.id } }],
  });
  const label = `${typeLabels[action.type]}: ${targetText(action)}`;

  if (editing) {
    return (
      <ActionForm
        project={project}
        recipients={recipients}
        alarmId={action.alarmId}
        action={action}
        onDone={() => setEditing(false)}
      />
    );
  }

  const onTest = async () => {
    try {
      await testAction({ variables: { id: action.id } });
    } catch (caught) {
      showError(caught);
    }
  };
  const onDelete = async () => {
    if (!(await ask(t('Delete the action {{name}}?', { name: label })))) return;
    try {
      await deleteAction({ variables: { id: action.id } });
      toast.success(t('Action deleted.'));
    } catch (caught) {
      showError(caught);
    }
  };

  return (
    <Paper withBorder p="sm" component="article" aria-label={label} data-testid="alarm-action">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge variant="outline">{typeLabels[action.type]}</Badge>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {targetText(action)}
              </Text>
              {action.name && <Text c="dimmed">({action.name})</Text>}
            </Group>
            <Group gap="xs">
              <Badge color={action.active ? 'teal' : 'gray'} variant="light">
                {action.active ? t('Active') : t('Inactive')}
              </Badge>
              {action.triggerAtEnd && <Badge variant="light">{t('Also when it ends')}</Badge>}
            </Group>
          </Stack>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              loading={testing.loading}
              aria-label={t('Send test to {{name}}', { name: label })}
              onClick={() => void onTest()}
            >
              {t('Send test')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t('Edit')}
            </Button>
            <DeleteButton variant="subtle" loading={deleting.loading} onClick={() => void onDelete()}>
              {t('Delete')}
            </DeleteButton>
          </Group>
        </Group>
        <DeliveryState action={action} />
        {action.type === 'webhook' && action.secret && <WebhookSecret secret={action.secret} />}
      </Stack>
    </Paper>
  );
}

function AlarmActions({
  project,
  recipients,
  alarm,
  actions,
}: {
  project: EditedProject;
  recipients: AlarmRecipient[];
  alarm: { id: string; name: string };
  actions: AlarmsActionFieldsFragment[];
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={alarm.name} data-testid="alarm-actions">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {alarm.name}
          </Title>
          {!adding && (
            <Button size="xs" variant="light" onClick={() => setAdding(true)}>
              {t('Add action')}
            </Button>
          )}
        </Group>
        {adding && (
          <ActionForm project={project} recipients={recipients} alarmId={alarm.id} onDone={() => setAdding(false)} />
        )}
        {actions.length === 0 && !adding && (
          <Text size="sm" c="dimmed">
            {t('Nobody is notified of this alarm.')}
          </Text>
        )}
        {actions.map((action) => (
          <ActionItem key={action.id} project={project} recipients={recipients} action={action} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /p/:projectId/edit/actions: whom each alarm of the project notifies, and how the latest delivery went. EditLayout lets
 * only those who may manage alarms this far (decision 0061).
 */
export function AlarmActionsPage() {
  const { t } = useTranslation();
  const project = useEditedProject();
  const { data, loading, error } = useQuery(AlarmsActionsDocument, { variables: { projectId: project.id } });
  return (
    <DirtyFormsProvider key={project.id}>
      <QueryState loading={loading} error={error} data={data}>
        {data && (
          <Stack data-testid="alarm-actions-page">
            {data.alarms.length === 0 && <Text c="dimmed">{t('The project has no alarms.')}</Text>}
            {data.alarms.map((alarm) => (
              <AlarmActions
                key={alarm.id}
                project={project}
                recipients={data.project.alarmRecipients}
                alarm={alarm}
                actions={data.alarmsActions.filter((action) => action.alarmId === alarm.id)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </DirtyFormsProvider>
  );
}
