import { useMutation } from '@apollo/client/react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { isLanguage, registerInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RegisterDocument } from '../../graphql/generated.ts';
import { useResetSession } from '../apollo/GraphqlProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { takePickedLanguage } from '../i18n/i18n.ts';
import { FormError } from '../ui/FormError.tsx';
import { AuthCard } from './AuthCard.tsx';
import { safeRedirectTarget, withRedirectFrom } from './redirects.ts';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A visitor sent to log in (by an invitation link, say) may register instead and still come back.
  const redirectFrom = searchParams.get('redirectFrom');
  const resetSession = useResetSession();
  const [register, { loading }] = useMutation(RegisterDocument);
  const { form, inputProps, generalError, showServerError } = useSchemaForm({
    initialValues: { username: '', password: '', email: '', name: '', company: '' },
    schema: registerInput,
  });

  const submit = form.onSubmit(async (values) => {
    const input = registerInput.parse(values);
    try {
      await register({
        variables: { ...input, language: isLanguage(i18n.language) ? i18n.language : null },
      });
    } catch (error) {
      return showServerError(error);
    }
    // The account was made in the language shown; a pick made before it has been used up (decision 0091).
    takePickedLanguage();
    await resetSession();
    navigate(safeRedirectTarget(redirectFrom), { replace: true });
  });

  return (
    <AuthCard title={t('Create an account')}>
      <form onSubmit={submit} noValidate aria-label={t('Create an account')}>
        <Stack>
          <FormError message={generalError} />
          <TextInput label={t('Username')} autoComplete="username" withAsterisk {...inputProps('username')} />
          <PasswordInput label={t('Password')} autoComplete="new-password" withAsterisk {...inputProps('password')} />
          <TextInput label={t('Email')} type="email" autoComplete="email" withAsterisk {...inputProps('email')} />
          <TextInput label={t('Name')} autoComplete="name" {...inputProps('name')} />
          <TextInput label={t('Company')} autoComplete="organization" {...inputProps('company')} />
          <Button type="submit" loading={loading}>
            {t('Register')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {t('Already have an account?')}{' '}
        <Anchor component={Link} to={withRedirectFrom('/login', redirectFrom)}>
          {t('Log in')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
