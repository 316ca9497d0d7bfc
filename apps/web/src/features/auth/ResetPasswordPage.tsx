import { useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { resetPasswordInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ResetPasswordDocument } from '../../graphql/generated.ts';
import { useResetSession } from '../apollo/GraphqlProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormError } from '../ui/FormError.tsx';
import { AuthCard } from './AuthCard.tsx';

const newPasswordInput = resetPasswordInput.pick({ password: true });

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('userId') ?? '';
  const token = searchParams.get('token') ?? '';
  const linkIsComplete = resetPasswordInput.pick({ userId: true, token: true }).safeParse({ userId, token }).success;
  const resetSession = useResetSession();
  const [resetPassword, { loading }] = useMutation(ResetPasswordDocument);
  const { form, inputProps, generalError, showServerError } = useSchemaForm({
    initialValues: { password: '' },
    schema: newPasswordInput,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await resetPassword({ variables: { userId, token, password: newPasswordInput.parse(values).password } });
    } catch (error) {
      return showServerError(error);
    }
    toast.success(t('Your password has been changed.'));
    await resetSession();
    navigate('/home', { replace: true });
  });

  return (
    <AuthCard title={t('Set a new password')}>
      {linkIsComplete ? (
        <form onSubmit={submit} noValidate aria-label={t('Set a new password')}>
          <Stack>
            <FormError message={generalError} />
            <PasswordInput label={t('New password')} autoComplete="new-password" {...inputProps('password')} />
            <Button type="submit" loading={loading}>
              {t('Save password')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" role="alert">
          {t('Invalid or expired link')}
        </Alert>
      )}
      <Anchor component={Link} to="/forgot" size="sm">
        {t('Request a new link')}
      </Anchor>
    </AuthCard>
  );
}
