import { Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { UserInvitationFieldsFragment } from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { useAcceptInvitation } from './acceptInvitation.ts';
import { InvitationTable } from './InvitationTable.tsx';

function InvitationRow({ invitation }: { invitation: UserInvitationFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { accept, loading } = useAcceptInvitation();
  const date = (value: string) => new Date(value).toLocaleDateString(i18n.language);

  const onAccept = async () => {
    try {
      navigate(await accept(invitation));
    } catch (error) {
      const { general } = formErrorsFromServer(error);
      toast.error(
        (general.length ? general : ['Invalid or expired invitation']).map((message) => t(message)).join(' '),
      );
    }
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {invitation.name}
        </Text>
        <Text size="xs" c="dimmed">
          {invitation.organizationId ? t('Organization') : t('Project')}
        </Text>
      </Table.Td>
      <Table.Td>{date(invitation.createdAt)}</Table.Td>
      <Table.Td>{date(invitation.expiresAt)}</Table.Td>
      <Table.Td ta="right">
        <Button
          size="xs"
          loading={loading}
          onClick={() => void onAccept()}
          aria-label={t('Accept the invitation to {{name}}', { name: invitation.name })}
        >
          {t('Accept')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Open invitations addressed to the user (their account or a verified address), on the profile. */
export function InvitationsSection({ invitations }: { invitations: UserInvitationFieldsFragment[] }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="profile-invitations">
      {invitations.length === 0 ? (
        <Text c="dimmed">{t('You have no open invitations.')}</Text>
      ) : (
        <InvitationTable who={t('Name')} sent={t('Invited')}>
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.invitationId} invitation={invitation} />
          ))}
        </InvitationTable>
      )}
    </Stack>
  );
}
