import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Anchor, Center, Loader } from '@mantine/core';
import { verifyEmailInput } from '@olo/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CurrentUserDocument, VerifyEmailDocument } from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { AuthCard } from './AuthCard.tsx';
import { useCurrentUser } from './useCurrentUser.ts';

type VerifyState = { status: 'pending' } | { status: 'verified' } | { status: 'failed'; message: string };

/** Opened from the verification mail: verifies the address as soon as the page loads. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const client = useApolloClient();
  const { currentUser } = useCurrentUser();
  const [verifyEmail] = useMutation(VerifyEmailDocument);
  const [state, setState] = useState<VerifyState>({ status: 'pending' });
  // The token is single use: a second call (React's development double effect) would report it as used.
  const started = useRef(false);
  const userEmailId = searchParams.get('id') ?? '';
  const token = searchParams.get('token') ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!verifyEmailInput.safeParse({ userEmailId, token }).success) {
      setState({ status: 'failed', message: 'Invalid or expired link' });
      return;
    }
    verifyEmail({ variables: { userEmailId, token } })
      .then(async () => {
        setState({ status: 'verified' });
        await client.refetchQueries({ include: [CurrentUserDocument] });
      })
      .catch((error: unknown) => {
        const { fields, general } = formErrorsFromServer(error);
        setState({ status: 'failed', message: general[0] ?? Object.values(fields)[0] ?? 'Invalid or expired link' });
      });
  }, [client, verifyEmail, userEmailId, token]);

  return (
    <AuthCard title={t('Email verification')}>
      {state.status === 'pending' && (
        <Center>
          <Loader aria-label={t('Loading')} />
        </Center>
      )}
      {state.status === 'verified' && (
        <Alert color="green" role="status">
          {t('Your email address has been verified.')}
        </Alert>
      )}
      {state.status === 'failed' && (
        <Alert color="red" role="alert">
          {t(state.message)}
        </Alert>
      )}
      {state.status !== 'pending' && (
        <Anchor component={Link} to={currentUser ? '/home' : '/login'}>
          {currentUser ? t('Continue') : t('Log in')}
        </Anchor>
      )}
    </AuthCard>
  );
}
