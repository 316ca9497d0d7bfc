import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Popover, Stack, Text, Textarea } from '@mantine/core';
import { acknowledgementCommentInput, alarmBounds } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AcknowledgeAlarmsTriggeredDocument, type AlarmsTriggeredFieldsFragment } from '../../graphql/generated.ts';
import { useShowError } from '../forms/useShowError.ts';
import { useFormatDateTime } from '../ui/timeZone.tsx';

/** Who acknowledged the episode, when, and their comment. */
export function AcknowledgedBy({ item }: { item: AlarmsTriggeredFieldsFragment }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime('minute');
  const who = item.acknowledgedBy ? (item.acknowledgedBy.name ?? item.acknowledgedBy.username) : null;
  const said = who
    ? t('Acknowledged by {{name}}', { name: who })
    : item.acknowledgedByDeletedUser
      ? t('Acknowledged by a deleted user')
      : t('Acknowledged');
  return (
    <Stack gap={2} data-testid="alarm-acknowledgement">
      <Text size="sm" c="dimmed">
        {said}
        {item.acknowledgedAt && (
          <>
            {', '}
            <time dateTime={item.acknowledgedAt}>{formatTime(item.acknowledgedAt)}</time>
          </>
        )}
      </Text>
      {item.acknowledgementComment && (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid="alarm-ack-comment">
          {item.acknowledgementComment}
        </Text>
      )}
    </Stack>
  );
}

/** Acknowledges one episode, with an optional comment on why or what was done (decision 0148). */
export function AcknowledgeButton({
  item,
  label,
  onAcknowledged,
}: {
  item: AlarmsTriggeredFieldsFragment;
  /** What is acknowledged, for the button's accessible name. */
  label: string;
  /** Runs in the mutation's cache update. */
  onAcknowledged: (cache: ApolloCache) => void;
}) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [opened, setOpened] = useState(false);
  const [comment, setComment] = useState('');
  const [acknowledge, { loading }] = useMutation(AcknowledgeAlarmsTriggeredDocument, {
    update: (cache, { data }) => {
      if (data) onAcknowledged(cache);
    },
  });
  const problem = acknowledgementCommentInput.safeParse(comment).error?.issues[0]?.message;
  const submit = async () => {
    if (problem) return;
    try {
      await acknowledge({ variables: { id: item.id, comment: comment.trim() || null } });
      setOpened(false);
    } catch (caught) {
      showError(caught);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withArrow shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          aria-label={t('Acknowledge {{name}}', { name: label })}
          onClick={() => setOpened((open) => !open)}
        >
          {t('Acknowledge')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw="min(22rem, calc(100vw - 2rem))">
        <form
          aria-label={t('Acknowledge {{name}}', { name: label })}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('Comment')}
              description={t('Optional: what was done, or why')}
              autosize
              minRows={2}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={problem ? t(problem) : undefined}
              aria-invalid={problem ? true : undefined}
              maxLength={alarmBounds.acknowledgementCommentMax + 1}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                {t('Cancel')}
              </Button>
              <Button size="xs" type="submit" loading={loading} data-testid="alarm-acknowledge-confirm">
                {t('Acknowledge')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
