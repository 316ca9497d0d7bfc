import { useMutation } from '@apollo/client/react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginInput } from '@olo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoginDocument, UpdateUserDocument } from '../../graphql/generated.ts';
import { useResetSession } from '../apollo/GraphqlProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { takePickedLanguage } from '../i18n/i18n.ts';
import { FormError } from '../ui/FormError.tsx';
import { AuthCard } from './AuthCard.tsx';
import { safeRedirectTarget, withRedirectFrom } from './redirects.ts';
import { useCurrentUser } from './useCurrentUser.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectFrom = searchParams.get('redirectFrom');
  const target = safeRedirectTarget(redirectFrom);
  const { currentUser } = useCurrentUser();
  const resetSession = useResetSession();
  const [login, { loading }] = useMutation(LoginDocument);
  const [updateUser] = useMutation(UpdateUserDocument);
  const { form, inputProps, generalError, showServerError } = useSchemaForm({
    initialValues: { username: '', password: '' },
    schema: loginInput,
  });

  // While the user types, the signed-in layout and home (one chunk) arrive: on a slow phone network the screen after
  // the submit then waits for its data only (decision 0169).
  useEffect(() => {
    void import('../home/HomePage.tsx');
  }, []);

  if (currentUser) return <Navigate to={target} replace />;

  const submit = form.onSubmit(async (values) => {
    let user: { language: string } | undefined;
    try {
      const { data } = await login({ variables: loginInput.parse(values) });
      user = data?.login;
    } catch (error) {
      return showServerError(error);
    }
    // A language picked on the page before logging in carries into the session as the user's own (decision 0091).
    const picked = takePickedLanguage();
    if (user && picked && picked !== user.language) {
      try {
        await updateUser({ variables: { language: picked } });
      } catch {
        // The login stands; the user's earlier language is then shown, and can be changed in the menu.
      }
    }
    await resetSession();
    navigate(target, { replace: true });
  });

  return (
    <AuthCard title={t('Log in')}>
      <form onSubmit={submit} noValidate aria-label={t('Log in')}>
        <Stack>
          <FormError message={generalError} />
          <TextInput label={t('Username')} autoComplete="username" {...inputProps('username')} />
          <PasswordInput label={t('Password')} autoComplete="current-password" {...inputProps('password')} />
          <Button type="submit" loading={loading}>
            {t('Log in')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between">
        <Anchor component={Link} to={withRedirectFrom('/register', redirectFrom)} size="sm">
          {t('Create an account')}
        </Anchor>
        <Anchor component={Link} to="/forgot" size="sm">
          {t('Forgot your password?')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}
