import { useMutation } from '@apollo/client/react';
import { Checkbox, Group, NativeSelect, Paper, SimpleGrid, TextInput } from '@mantine/core';
import { type AlarmActionType, alarmActionTypes, createAlarmsActionInput, updateAlarmsActionInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  type AlarmsActionFieldsFragment,
  AlarmsActionsDocument,
  type AlarmsActionsQuery,
  CreateAlarmsActionDocument,
  UpdateAlarmsActionDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import type { EditedProject } from '../project-edit/EditLayout.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { RequiredSelect } from '../ui/RequiredSelect.tsx';

type ActionValues = {
  name: string;
  type: AlarmActionType;
  active: boolean;
  triggerAtEnd: boolean;
  email: string;
  sms: string;
  webhook: string;
  userId: string;
};

/** A member a user action may notify (one who may see the project's alarms). */
export type AlarmRecipient = AlarmsActionsQuery['project']['alarmRecipients'][number];

/** Only the target of the chosen type is sent; the others are cleared. */
function actionFields(values: ActionValues) {
  return {
    name: values.name,
    type: values.type,
    active: values.active,
    triggerAtEnd: values.triggerAtEnd,
    email: values.type === 'email' ? values.email : null,
    sms: values.type === 'sms' ? values.sms : null,
    webhook: values.type === 'webhook' ? values.webhook : null,
    userId: values.type === 'user' ? values.userId || null : null,
  };
}

function valuesOfAction(action: AlarmsActionFieldsFragment | undefined): ActionValues {
  return {
    name: action?.name ?? '',
    type: action?.type ?? 'email',
    active: action?.active ?? true,
    triggerAtEnd: action?.triggerAtEnd ?? false,
    email: action?.email ?? '',
    sms: action?.sms ?? '',
    webhook: action?.webhook ?? '',
    userId: action?.userId ?? '',
  };
}

/** The action types' names in the reader's language. */
export function useTypeLabels(): Record<AlarmActionType, string> {
  const { t } = useTranslation();
  return { email: t('Email'), sms: t('SMS'), webhook: t('Webhook'), user: t('Project member') };
}

export function ActionForm({
  project,
  recipients,
  alarmId,
  action,
  onDone,
}: {
  project: EditedProject;
  recipients: AlarmRecipient[];
  alarmId: string;
  action?: AlarmsActionFieldsFragment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const typeLabels = useTypeLabels();
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm<ActionValues>({
    initialValues: valuesOfAction(action),
    schema: action
      ? formSchema<ActionValues>({
          schema: updateAlarmsActionInput,
          toInput: (values) => ({ id: action.id, ...actionFields(values) }),
        })
      : formSchema<ActionValues>({
          schema: createAlarmsActionInput,
          toInput: (values) => ({ alarmId, ...actionFields(values) }),
        }),
  });
  const markSaved = useDirtyForm(`action-${action?.id ?? `new-${alarmId}`}`, form.isDirty());
  const refetchQueries = [{ query: AlarmsActionsDocument, variables: { projectId: project.id } }];
  const [createAction, creating] = useMutation(CreateAlarmsActionDocument, { refetchQueries });
  const [updateAction, updating] = useMutation(UpdateAlarmsActionDocument);
  const type = form.getValues().type;
  const members = recipients.map((user) => ({
    value: user.id,
    label: user.name ? `${user.name} (${user.username})` : user.username,
  }));

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    try {
      if (action) await updateAction({ variables: { input: { id: action.id, ...actionFields(values) } } });
      else await createAction({ variables: { input: { alarmId, ...actionFields(values) } } });
    } catch (error) {
      return showServerError(error);
    }
    markSaved();
    form.resetDirty();
    toast.success(action ? t('Action saved.') : t('Action added.'));
    onDone();
  });

  const title = action ? t('Edit action') : t('New action');
  return (
    <Paper withBorder p="sm">
      <FormStack onSubmit={submit} label={title} error={generalError} testId="action-form">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t('Type')}
            data={alarmActionTypes.map((value) => ({ value, label: typeLabels[value] }))}
            {...form.getInputProps('type')}
          />
          <TextInput label={t('Name')} description={t('Optional')} {...inputProps('name')} />
        </SimpleGrid>
        {type === 'email' && <TextInput label={t('Email')} withAsterisk type="email" {...inputProps('email')} />}
        {type === 'sms' && (
          <TextInput
            label={t('Phone number')}
            withAsterisk
            type="tel"
            placeholder="+358 40 123 4567"
            {...inputProps('sms')}
          />
        )}
        {type === 'webhook' && (
          <TextInput
            label={t('Webhook address')}
            withAsterisk
            placeholder="https://example.com/olo-alarms"
            {...inputProps('webhook')}
          />
        )}
        {type === 'user' && <RequiredSelect label={t('Project member')} data={members} field={inputProps('userId')} />}
        <Group>
          <Checkbox label={t('Active')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Checkbox
            label={t('Notify also when the alarm ends')}
            {...form.getInputProps('triggerAtEnd', { type: 'checkbox' })}
          />
        </Group>
        <FormButtons
          loading={creating.loading || updating.loading}
          submitLabel={action ? t('Save') : t('Add action')}
          onCancel={onDone}
        />
      </FormStack>
    </Paper>
  );
}
