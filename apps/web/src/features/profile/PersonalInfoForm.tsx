import { useMutation } from '@apollo/client/react';
import { Stack, TextInput } from '@mantine/core';
import { updateUserInput } from '@olo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type CurrentUserFieldsFragment, UpdateUserDocument } from '../../graphql/generated.ts';
import type { DirtyChangeHandler } from '../forms/useDirtyForms.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';

const personalInfoInput = updateUserInput.pick({ name: true, company: true });

export function PersonalInfoForm({
  user,
  onDirtyChange,
}: {
  user: CurrentUserFieldsFragment;
  onDirtyChange: DirtyChangeHandler;
}) {
  const { t } = useTranslation();
  const [updateUser, { loading }] = useMutation(UpdateUserDocument);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: { name: user.name ?? '', company: user.company ?? '' },
    schema: personalInfoInput,
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    const input = personalInfoInput.parse(values);
    try {
      await updateUser({ variables: { name: input.name ?? null, company: input.company ?? null } });
    } catch (error) {
      return showServerError(error);
    }
    form.resetDirty();
    toast.success(t('Saved.'));
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Personal information')}>
      <Stack>
        <FormError message={generalError} />
        <TextInput label={t('Name')} autoComplete="name" {...inputProps('name')} />
        <TextInput label={t('Company')} autoComplete="organization" {...inputProps('company')} />
        <FormButtons loading={loading} disabled={!dirty} />
      </Stack>
    </form>
  );
}
