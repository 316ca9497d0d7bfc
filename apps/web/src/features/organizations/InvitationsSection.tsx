import { useMutation, useQuery } from '@apollo/client/react';
import { SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { inviteInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CancelOrganizationInvitationDocument,
  InviteToOrganizationDocument,
  type OrganizationInvitationFieldsFragment,
  OrganizationInvitationsDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { errorText } from '../forms/errorText.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { InvitationTable } from '../invitations/InvitationTable.tsx';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { forgetObject } from './organizationCache.ts';

function InviteForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [invite, { loading }] = useMutation(InviteToOrganizationDocument, {
    refetchQueries: [{ query: OrganizationInvitationsDocument, variables: { id: organizationId } }],
  });
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: { organizationId, email: '', username: '' },
    schema: inviteInput,
  });
  useDirtyForm('invite', form.isDirty());

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    const input = inviteInput.parse(values);
    let email: string;
    try {
      const { data } = await invite({
        variables: { organizationId, email: input.email, username: input.username },
      });
      email = data?.invite.email ?? data?.invite.username ?? '';
    } catch (error) {
      return showServerError(error);
    }
    form.reset();
    toast.success(t('Invitation sent to {{email}}.', { email }));
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('Invite a member')} data-testid="invite-form">
      <Stack gap="xs">
        <Text size="sm">{t('Invite by email address, or by username when the person already has an account.')}</Text>
        <FormError message={generalError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Email')} type="email" autoComplete="off" {...inputProps('email')} />
          <TextInput label={t('Username')} autoComplete="off" {...inputProps('username')} />
        </SimpleGrid>
        <FormButtons loading={loading} submitLabel={t('Send invitation')} />
      </Stack>
    </form>
  );
}

function InvitationRow({ invitation }: { invitation: OrganizationInvitationFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const ask = useConfirm();
  const [cancelInvitation, { loading }] = useMutation(CancelOrganizationInvitationDocument, {
    update: (cache) => forgetObject(cache, 'Invitation', invitation.id),
  });
  const date = (value: string) => new Date(value).toLocaleDateString(i18n.language);

  const cancel = async () => {
    if (!(await ask(t('Cancel the invitation of {{email}}?', { email: invitation.email ?? invitation.username }))))
      return;
    cancelInvitation({ variables: { id: invitation.id } }).catch((error: unknown) => toast.error(errorText(error, t)));
  };

  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.email ?? invitation.username}</Table.Td>
      <Table.Td>{date(invitation.createdAt)}</Table.Td>
      <Table.Td>{date(invitation.expiresAt)}</Table.Td>
      <Table.Td align="right">
        <DeleteButton
          label={t('Cancel the invitation of {{email}}', { email: invitation.email ?? invitation.username })}
          loading={loading}
          onClick={cancel}
        >
          {t('Cancel invitation')}
        </DeleteButton>
      </Table.Td>
    </Table.Tr>
  );
}

function PendingInvitations({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(OrganizationInvitationsDocument, {
    variables: { id: organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const invitations = data?.organization.invitations ?? [];

  return (
    <Stack gap="xs" data-testid="pending-invitations">
      <Text fw={500}>{t('Pending invitations')}</Text>
      <QueryState loading={loading && !data} error={error}>
        {invitations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('No pending invitations.')}
          </Text>
        ) : (
          <InvitationTable who={t('Email')} sent={t('Sent')} label={t('Pending invitations')}>
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </InvitationTable>
        )}
      </QueryState>
    </Stack>
  );
}

/** Inviting new members and the invitations not yet accepted; organization admins only. */
export function InvitationsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <Section id="invitations" title={t('Invitations')}>
      <InviteForm organizationId={organizationId} />
      <PendingInvitations organizationId={organizationId} />
    </Section>
  );
}
