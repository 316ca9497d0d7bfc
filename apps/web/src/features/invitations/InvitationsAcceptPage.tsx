import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { InvitationDocument } from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { FormError } from '../ui/FormError.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useAcceptInvitation } from './acceptInvitation.ts';

function InvalidInvitation() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('Invalid or expired invitation')} data-testid="invitation-invalid">
      <Stack gap="xs">
        <Text size="sm">
          {t('The invitation may have been used or cancelled. Ask the person who invited you for a new one.')}
        </Text>
        <Anchor component={Link} to="/home" size="sm">
          {t('Go to the dashboard')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** Where the link of an invitation mail leads: what the invitation is for, and a button that accepts it. */
export function InvitationsAcceptPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const invitationId = searchParams.get('invitationId') ?? '';
  const code = searchParams.get('code');
  const { data, loading, error } = useQuery(InvitationDocument, {
    variables: { invitationId, code },
    skip: !invitationId,
    // An invitation can be used or cancelled meanwhile; a cached answer would offer it again.
    fetchPolicy: 'network-only',
  });
  const { accept, loading: accepting } = useAcceptInvitation();
  const [acceptError, setAcceptError] = useState<string | null>(null);

  const invitation = data?.invitation;
  let content: ReactNode;
  // Any answer of the server that is an error means the invitation cannot be used (wrong code, used, expired...).
  if (!invitationId || CombinedGraphQLErrors.is(error)) {
    content = <InvalidInvitation />;
  } else if (!invitation) {
    content = <QueryState loading={loading} error={error} />;
  } else {
    const onAccept = async () => {
      setAcceptError(null);
      try {
        navigate(await accept({ ...invitation, code: code ?? invitation.code }), { replace: true });
      } catch (failure) {
        setAcceptError(
          formErrorsFromServer(failure)
            .general.map((message) => t(message))
            .join(' ') || t('Invalid or expired invitation'),
        );
      }
    };
    content = (
      <Stack>
        <Text>
          {invitation.organizationId
            ? t('You have been invited to the organization {{name}}.', { name: invitation.name })
            : t('You have been invited to the project {{name}}.', { name: invitation.name })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('The invitation is valid until {{date}}.', {
            date: new Date(invitation.expiresAt).toLocaleDateString(i18n.language),
          })}
        </Text>
        <FormError message={acceptError} />
        <Button onClick={() => void onAccept()} loading={accepting}>
          {t('Accept invitation')}
        </Button>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="xl" radius="md" maw={560} mx="auto" mt="xl" data-testid="invitation-accept">
      <Stack>
        <Title order={1} size="h2">
          {t('Invitation')}
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}
