import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type AlarmActionType, alarmActionTypes } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AlarmFieldsFragment, AlarmRecipientsDocument } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import type { AlarmFormValues } from './alarmForm.ts';
import type { AlarmForm } from './RuleFields.tsx';
import { newRecipient } from './recipientForm.ts';

type SavedAction = AlarmFieldsFragment['alarmsActions'][number];

function useTypeLabels(): Record<AlarmActionType, string> {
  const { t } = useTranslation();
  return { email: t('Email'), sms: t('SMS'), webhook: t('Webhook'), user: t('Project member') };
}

/** Whom a saved action notifies, as one line. */
function savedTarget(action: SavedAction): string {
  if (action.type === 'user') return action.user ? (action.user.name ?? action.user.username) : '-';
  return action[action.type] ?? '-';
}

function RecipientRow({
  form,
  index,
  members,
}: {
  form: AlarmForm;
  index: number;
  members: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation();
  const typeLabels = useTypeLabels();
  const path = `recipients.${index}` as const;
  const recipient = form.form.getValues().recipients[index];
  if (!recipient) return null;
  const target = form.inputProps(`${path}.target` as keyof AlarmFormValues & string);
  const remove = () => form.form.removeListItem('recipients', index);
  return (
    <Fieldset legend={t('Recipient {{number}}', { number: index + 1 })} p="sm" data-testid="alarm-recipient">
      <Stack gap="xs">
        <Group align="flex-start" gap="xs" grow preventGrowOverflow={false}>
          <NativeSelect
            label={t('Type')}
            data={alarmActionTypes.map((value) => ({ value, label: typeLabels[value] }))}
            value={recipient.type}
            onChange={(event) => {
              form.form.setFieldValue(`${path}.type`, event.currentTarget.value as AlarmActionType);
              form.form.setFieldValue(`${path}.target`, '');
            }}
          />
          {recipient.type === 'user' ? (
            <NativeSelect
              label={t('Project member')}
              withAsterisk
              data={[{ value: '', label: t('Choose a user') }, ...members]}
              {...target}
            />
          ) : (
            <TextInput
              withAsterisk
              label={
                recipient.type === 'email'
                  ? t('Email')
                  : recipient.type === 'sms'
                    ? t('Phone number')
                    : t('Webhook address')
              }
              type={recipient.type === 'email' ? 'email' : recipient.type === 'sms' ? 'tel' : 'url'}
              placeholder={
                recipient.type === 'sms'
                  ? '+358 40 123 4567'
                  : recipient.type === 'webhook'
                    ? 'https://example.com/olo-alarms'
                    : undefined
              }
              {...target}
            />
          )}
        </Group>
        <Group justify="space-between">
          <Checkbox
            label={t('Notify also when the alarm ends')}
            {...form.form.getInputProps(`${path}.triggerAtEnd`, { type: 'checkbox' })}
          />
          <DeleteButton variant="subtle" onClick={remove}>
            {t('Remove')}
          </DeleteButton>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * Whom the alarm notifies, chosen with its rule: its saved actions (removed when saved) and new recipients. Test sends
 * and delivery states stay on the actions page.
 */
export function RecipientFields({
  form,
  projectId,
  saved,
}: {
  form: AlarmForm;
  projectId: number;
  saved: readonly SavedAction[];
}) {
  const { t } = useTranslation();
  const typeLabels = useTypeLabels();
  const { currentUser } = useCurrentUser();
  const { data } = useQuery(AlarmRecipientsDocument, { variables: { projectId } });
  const members = (data?.project.alarmRecipients ?? []).map((user) => ({
    value: user.id,
    label: user.name ? `${user.name} (${user.username})` : user.username,
  }));
  const values = form.form.getValues();
  const kept = saved.filter((action) => !values.removedActionIds.includes(action.id));
  const add = () =>
    form.form.insertListItem(
      'recipients',
      newRecipient(
        currentUser?.id ?? null,
        members.map((member) => member.value),
      ),
    );
  const nobody = kept.length === 0 && values.recipients.length === 0;
  return (
    <Stack gap="xs" data-testid="alarm-recipients">
      <Text fw={500}>{t('Notifies')}</Text>
      {nobody && (
        <Text size="sm" c="dimmed" data-testid="alarm-recipients-none">
          {t('Nobody is notified of this alarm.')}
        </Text>
      )}
      {kept.map((action) => (
        <Group key={action.id} gap="xs" justify="space-between" wrap="nowrap" data-testid="alarm-saved-recipient">
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Badge variant="outline">{typeLabels[action.type]}</Badge>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {savedTarget(action)}
            </Text>
          </Group>
          <DeleteButton
            label={t('Remove {{name}}', { name: savedTarget(action) })}
            variant="subtle"
            onClick={() => form.form.insertListItem('removedActionIds', action.id)}
          >
            {t('Remove')}
          </DeleteButton>
        </Group>
      ))}
      {values.recipients.map((_recipient, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a new recipient has no id until it is saved; rows are removed by index.
        <RecipientRow key={index} form={form} index={index} members={members} />
      ))}
      <Group gap="md">
        <Button size="xs" variant="light" onClick={add}>
          {t('Add recipient')}
        </Button>
        {saved.length > 0 && (
          <Anchor component={Link} to={`/p/${projectId}/edit/actions`} size="sm">
            {t('Delivery states and test sends')}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
