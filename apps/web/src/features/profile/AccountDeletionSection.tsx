import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmAccountDeletionDocument, RequestAccountDeletionDocument } from '../../graphql/generated.ts';
import { useResetSession } from '../apollo/GraphqlProvider.tsx';
import { clearSessionEnd, expectSessionEnd } from '../auth/sessionEnd.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { notify } from '../notifications/Notifications.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';

function errorText(error: unknown, t: (key: string) => string): string {
  const { fields, general } = formErrorsFromServer(error);
  return [...general, ...Object.values(fields)].map((message) => t(message)).join(' ');
}

/** Deletion is asked for here and confirmed from the link mailed to the user (`/profile?confirmDeletion=`). */
export function AccountDeletionSection() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const [requested, setRequested] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestDeletion, { loading }] = useMutation(RequestAccountDeletionDocument);

  const request = async () => {
    if (!(await ask(t('Do you really want to delete your account?')))) return;
    setError(null);
    try {
      await requestDeletion();
      setRequested(true);
    } catch (caught) {
      setError(errorText(caught, t));
    }
  };

  return (
    <Stack>
      <Text>{t('Deleting your account removes your personal data. This cannot be undone.')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {requested ? (
        <Alert color="blue" role="status">
          {t('We sent a link for confirming the deletion to your primary email address.')}
        </Alert>
      ) : (
        <Group>
          <Button color="red" variant="outline" loading={loading} onClick={() => void request()}>
            {t('Delete account')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export function ConfirmAccountDeletion({ token, onDeleted }: { token: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const [error, setError] = useState<string | null>(null);
  const [confirmDeletion, { loading }] = useMutation(ConfirmAccountDeletionDocument);

  const confirm = async () => {
    setError(null);
    // The session's end may arrive over the websocket before the answer does.
    expectSessionEnd('/');
    try {
      await confirmDeletion({ variables: { token } });
    } catch (caught) {
      clearSessionEnd();
      setError(errorText(caught, t));
      return;
    }
    onDeleted();
    notify(t('Your account has been deleted.'));
    navigate('/', { replace: true });
    await resetSession().catch(() => {});
  };

  return (
    <Alert color="red" title={t('Confirm account deletion')} role="region" aria-label={t('Confirm account deletion')}>
      <Stack>
        <Text size="sm">{t('Your account and personal data will be deleted permanently.')}</Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            {t('Delete my account permanently')}
          </Button>
          <Button variant="default" onClick={() => navigate('/profile', { replace: true })}>
            {t('Cancel')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
