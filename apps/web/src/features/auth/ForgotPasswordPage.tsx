import { useMutation } from '@apollo/client/react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { forgotPasswordInput } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForgotPasswordDocument } from '../../graphql/generated.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormError } from '../ui/FormError.tsx';
import { AuthCard } from './AuthCard.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [forgotPassword, { loading }] = useMutation(ForgotPasswordDocument);
  const { form, inputProps, generalError, showServerError } = useSchemaForm({
    initialValues: { email: '' },
    schema: forgotPasswordInput,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await forgotPassword({ variables: forgotPasswordInput.parse(values) });
      setSent(true);
    } catch (error) {
      showServerError(error);
    }
  });

  return (
    <AuthCard title={t('Forgot your password?')}>
      {sent ? (
        <Alert color="green" role="status">
          {t('If the address belongs to an account, we sent a link for setting a new password to it.')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('Forgot your password?')}>
          <Stack>
            <FormError message={generalError} />
            <TextInput label={t('Email')} type="email" autoComplete="email" {...inputProps('email')} />
            <Button type="submit" loading={loading}>
              {t('Send link')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('Back to login')}
      </Anchor>
    </AuthCard>
  );
}
