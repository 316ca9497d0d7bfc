import { useMutation, useQuery } from '@apollo/client/react';
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DeleteOrganizationMembershipDocument,
  type OrganizationMemberFieldsFragment,
  OrganizationMembersDocument,
  UpdateOrganizationMembershipDocument,
} from '../../graphql/generated.ts';
import { useConfirmedAction, useShowError } from '../forms/useShowError.ts';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { isPermissionError, QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { AddMemberForm } from './AddMemberForm.tsx';
import { forgetObject } from './organizationCache.ts';

export type MemberFlag = 'isAdmin' | 'canViewAll' | 'canViewMeters' | 'notifyOnMeterError';

export function memberName(member: OrganizationMemberFieldsFragment): string {
  return member.user.name || member.user.username;
}

function useMemberFlagLabels(): Array<[MemberFlag, string]> {
  const { t } = useTranslation();
  return [
    ['isAdmin', t('Administrator')],
    ['canViewAll', t('View all projects')],
    ['canViewMeters', t('View meters')],
    ['notifyOnMeterError', t('Meter error emails')],
  ];
}

/** Members of the organization, by name as the server sorts them; only members and admins see them. */
export function useOrganizationMembers(organizationId: string) {
  return useQuery(OrganizationMembersDocument, { variables: { id: organizationId } });
}

function MemberRow({ member, editable }: { member: OrganizationMemberFieldsFragment; editable: boolean }) {
  const { t } = useTranslation();
  const flags = useMemberFlagLabels();
  const showError = useShowError();
  const confirmed = useConfirmedAction();
  const [updateMembership, updating] = useMutation(UpdateOrganizationMembershipDocument);
  const [deleteMembership, deleting] = useMutation(DeleteOrganizationMembershipDocument, {
    update: (cache) => forgetObject(cache, 'OrganizationMembership', member.id),
    refetchQueries: ['OrganizationPage'],
  });
  const name = memberName(member);

  const setFlag = (flag: MemberFlag, value: boolean) =>
    updateMembership({
      variables: { input: { id: member.id, [flag]: value } },
      optimisticResponse: { updateOrganizationMembership: { ...member, [flag]: value } },
      // Admin rights change what the viewer may do here, when the member is the viewer.
      refetchQueries: flag === 'isAdmin' ? ['OrganizationPage'] : [],
    }).catch(showError);

  const remove = () => {
    confirmed(
      t('Remove {{name}} from the organization?', { name }),
      () => deleteMembership({ variables: { id: member.id } }),
      t('{{name}} was removed from the organization.', { name }),
    );
  };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {[member.user.username, member.user.company].filter(Boolean).join(' · ')}
        </Text>
      </Table.Td>
      {flags.map(([flag, label]) => (
        <Table.Td key={flag}>
          {editable ? (
            <Checkbox
              aria-label={`${label}: ${name}`}
              checked={member[flag]}
              disabled={updating.loading}
              onChange={(event) => void setFlag(flag, event.currentTarget.checked)}
            />
          ) : (
            <Text size="sm">{member[flag] ? t('Yes') : t('No')}</Text>
          )}
        </Table.Td>
      ))}
      {editable && (
        <Table.Td align="right">
          <DeleteButton label={t('Remove {{name}}', { name })} loading={deleting.loading} onClick={remove}>
            {t('Remove')}
          </DeleteButton>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** Members and their rights; organization admins change the rights, add existing users and remove members. */
export function MembersSection({ organizationId, isAdmin }: { organizationId: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  const flags = useMemberFlagLabels();
  const { data, loading, error } = useOrganizationMembers(organizationId);
  const members = data?.organization.members ?? [];

  return (
    <Section id="members" title={t('Members')} testId="organization-members">
      {error && isPermissionError(error) ? (
        <Text c="dimmed">{t('Only members of the organization see its members.')}</Text>
      ) : (
        <QueryState loading={loading && !data} error={error}>
          <Stack>
            {members.length === 0 ? (
              <Text c="dimmed">{t('The organization has no members.')}</Text>
            ) : (
              <ResponsiveTable minWidth={640} aria-label={t('Members')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Name')}</Table.Th>
                    {flags.map(([flag, label]) => (
                      <Table.Th key={flag}>{label}</Table.Th>
                    ))}
                    {isAdmin && <Table.Th />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.map((member) => (
                    <MemberRow key={member.id} member={member} editable={isAdmin} />
                  ))}
                </Table.Tbody>
              </ResponsiveTable>
            )}
            {isAdmin && data && <AddMemberForm organizationId={organizationId} members={members} />}
          </Stack>
        </QueryState>
      )}
    </Section>
  );
}
