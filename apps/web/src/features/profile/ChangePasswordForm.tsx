import { useMutation } from '@apollo/client/react';
import { PasswordInput, Stack } from '@mantine/core';
import { changePasswordInput } from '@olo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ChangePasswordDocument } from '../../graphql/generated.ts';
import { useResetSession } from '../apollo/GraphqlProvider.tsx';
import type { DirtyChangeHandler } from '../forms/useDirtyForms.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';

export function ChangePasswordForm({ onDirtyChange }: { onDirtyChange: DirtyChangeHandler }) {
  const { t } = useTranslation();
  const resetSession = useResetSession();
  const [changePassword, { loading }] = useMutation(ChangePasswordDocument);
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: { oldPassword: '', newPassword: '' },
    schema: changePasswordInput,
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    try {
      await changePassword({ variables: changePasswordInput.parse(values) });
    } catch (error) {
      return showServerError(error);
    }
    form.reset();
    toast.success(t('Your password has been changed.'));
    // The server starts a new session on a password change.
    await resetSession();
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Change password')}>
      <Stack>
        <FormError message={generalError} />
        <PasswordInput label={t('Current password')} autoComplete="current-password" {...inputProps('oldPassword')} />
        <PasswordInput label={t('New password')} autoComplete="new-password" {...inputProps('newPassword')} />
        <FormButtons loading={loading} submitLabel={t('Change password')} />
      </Stack>
    </form>
  );
}
