import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  DeleteReportScheduleDocument,
  type ReportScheduleFieldsFragment,
  ReportSchedulesDocument,
  ReportSendingsDocument,
  SendReportNowDocument,
} from '../../../graphql/generated.ts';
import { useConfirmedAction, useShowError } from '../../forms/useShowError.ts';
import { formatDateTime } from '../../ui/format.ts';
import { QueryState } from '../../ui/QueryState.tsx';
import { Section } from '../../ui/Section.tsx';
import { reportRangeText } from '../list/reportRange.ts';
import { ScheduleForm, weekdayKeys } from './ScheduleForm.tsx';

const statusColors: Record<string, string> = { queued: 'blue', sent: 'green', failed: 'red' };
const statusLabels: Record<string, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

/** "Every week on Monday at 07:00" in the viewer's language. */
function useScheduleText() {
  const { t } = useTranslation();
  return (schedule: ReportScheduleFieldsFragment) => {
    const time = `${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')}`;
    const when =
      schedule.frequency === 'weekly'
        ? t('Every week on {{day}} at {{time}}', { day: t(weekdayKeys[(schedule.weekday ?? 1) - 1] ?? 'Monday'), time })
        : schedule.monthDay === null
          ? t('Every month on the last day at {{time}}', { time })
          : t('Every month on day {{day}} at {{time}}', { day: schedule.monthDay, time });
    const recipients = schedule.memberIds.length + schedule.addresses.length;
    return `${when} · ${t('Recipients: {{count}}', { count: recipients })}${schedule.enabled ? '' : ` · ${t('Off')}`}`;
  };
}

/** The report admins' schedules: each with edit, send now and delete, and the form of a new one. */
function Schedules({ reportId, projectId }: { reportId: number; projectId: number }) {
  const { t } = useTranslation();
  const query = useQuery(ReportSchedulesDocument, { variables: { reportId, projectId } });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [sendNow] = useMutation(SendReportNowDocument, { refetchQueries: ['ReportSendings'] });
  const [remove] = useMutation(DeleteReportScheduleDocument, { refetchQueries: ['ReportSchedules'] });
  const showError = useShowError();
  const confirmed = useConfirmedAction();
  const describe = useScheduleText();
  const members = (query.data?.project.members ?? [])
    .filter((member) => member.isAdmin || member.canViewReports || member.canAdminReports)
    .map((member) => ({ value: member.user.id, label: member.user.name ?? member.user.username }));
  const schedules = query.data?.reportSchedules ?? [];
  return (
    <QueryState loading={query.loading} error={query.error} data={query.data}>
      <Stack gap="sm">
        {schedules.length === 0 && editing !== 'new' && <Text c="dimmed">{t('The report is not mailed.')}</Text>}
        <List listStyleType="none" spacing="sm" aria-label={t('Schedules')}>
          {schedules.map((schedule) => (
            <List.Item key={schedule.id} data-testid="report-schedule">
              {editing === schedule.id ? (
                <ScheduleForm
                  reportId={reportId}
                  schedule={schedule}
                  members={members}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <Group gap="xs" wrap="wrap">
                  <Text>{describe(schedule)}</Text>
                  {schedule.unsubscribed.length > 0 && (
                    <Text size="sm" c="dimmed">
                      {t('Unsubscribed: {{addresses}}', { addresses: schedule.unsubscribed.join(', ') })}
                    </Text>
                  )}
                  <Button size="xs" variant="light" onClick={() => setEditing(schedule.id)}>
                    {t('Edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      sendNow({ variables: { scheduleId: schedule.id } }).then(
                        () => toast.success(t('The latest period is being sent.')),
                        showError,
                      )
                    }
                  >
                    {t('Send the latest period now')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() =>
                      confirmed(
                        t('Delete this schedule?'),
                        () => remove({ variables: { id: schedule.id } }),
                        t('The schedule was deleted.'),
                      )
                    }
                  >
                    {t('Delete')}
                  </Button>
                </Group>
              )}
            </List.Item>
          ))}
        </List>
        {editing === 'new' ? (
          <ScheduleForm reportId={reportId} schedule={null} members={members} onDone={() => setEditing(null)} />
        ) : (
          <Group>
            <Button size="sm" onClick={() => setEditing('new')}>
              {t('New schedule')}
            </Button>
          </Group>
        )}
      </Stack>
    </QueryState>
  );
}

/** The report's sendings, newest first, each with its period and status. */
function Sendings({ reportId, timeZone }: { reportId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(ReportSendingsDocument, { variables: { reportId }, pollInterval: 15_000 });
  const sendings = query.data?.reportSendings ?? [];
  return (
    <QueryState loading={query.loading} error={query.error} data={query.data}>
      {sendings.length === 0 ? (
        <Text c="dimmed">{t('Nothing sent yet.')}</Text>
      ) : (
        <List listStyleType="none" spacing="xs" aria-label={t('Sendings')} data-testid="report-sendings">
          {sendings.map((sending) => (
            <List.Item key={sending.id} data-testid="report-sending">
              <Group gap="xs" wrap="wrap">
                <Badge color={statusColors[sending.status] ?? 'gray'} variant="light">
                  {t(statusLabels[sending.status] ?? sending.status)}
                </Badge>
                <Text>{reportRangeText(sending.from, sending.to, i18n.language, timeZone)}</Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(sending.sentAt ?? sending.createdAt, i18n.language, timeZone, 'minute')} ·{' '}
                  {t('Recipients: {{count}}', { count: sending.recipientCount })}
                  {sending.asLink ? ` · ${t('as a link')}` : ''}
                </Text>
                {sending.error && sending.status !== 'sent' && (
                  <Text size="sm" c="red">
                    {sending.error}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </QueryState>
  );
}

/**
 * The report's "Sending by mail" section, folded into one button until opened (as the report's settings are, decision
 * 0158): its schedules for report admins, its sendings for all its viewers.
 */
export function ReportSendingPanel({
  reportId,
  projectId,
  timeZone,
  canAdmin,
}: {
  reportId: number;
  projectId: number;
  timeZone: string;
  canAdmin: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="sm">
      <Group>
        <Button
          size="xs"
          variant="light"
          aria-expanded={open}
          aria-controls="report-sending"
          onClick={() => setOpen((value) => !value)}
          data-testid="report-sending-toggle"
        >
          {open ? t('Hide sending by mail') : t('Sending by mail')}
        </Button>
      </Group>
      {open && (
        <Section
          id="report-sending"
          title={t('Sending by mail')}
          description={t("The report's PDF by mail on a schedule, each time of its latest whole period.")}
          testId="report-sending"
        >
          <Stack gap="md">
            {canAdmin && <Schedules reportId={reportId} projectId={projectId} />}
            <Text fw={600}>{t('Sendings')}</Text>
            <Sendings reportId={reportId} timeZone={timeZone} />
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
