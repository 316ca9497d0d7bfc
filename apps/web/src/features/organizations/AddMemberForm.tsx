import { useMutation, useQuery } from '@apollo/client/react';
import { Group, Stack, Text } from '@mantine/core';
import { createOrganizationMembershipInput } from '@olo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  AddOrganizationMemberDocument,
  OrganizationAddableUsersDocument,
  type OrganizationMemberFieldsFragment,
  OrganizationMembersDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { RequiredSelect } from '../ui/RequiredSelect.tsx';

/**
 * Adds an existing user as a plain member (rights are then ticked in the table). The choice is the users the admin
 * already shares an organization with (usersList): anyone else is invited, so that no username is confirmed to exist.
 */
export function AddMemberForm({
  organizationId,
  members,
}: {
  organizationId: string;
  members: readonly OrganizationMemberFieldsFragment[];
}) {
  const { t } = useTranslation();
  const users = useQuery(OrganizationAddableUsersDocument, { variables: { organizationId } });
  const [addMember, { loading }] = useMutation(AddOrganizationMemberDocument, {
    refetchQueries: [{ query: OrganizationMembersDocument, variables: { id: organizationId } }],
  });
  const { form, inputProps, generalError, onSave } = useSchemaForm({
    initialValues: { organizationId, userId: '' },
    schema: createOrganizationMembershipInput,
  });
  useDirtyForm('add-member', form.isDirty());

  const options = useMemo(() => {
    const memberIds = new Set(members.map((member) => member.user.id));
    return (users.data?.usersList ?? [])
      .filter((user) => !memberIds.has(user.id))
      .map((user) => ({ value: user.id, label: user.name ? `${user.name} (${user.username})` : user.username }));
  }, [users.data, members]);

  const submit = onSave(
    async (values) => {
      const input = createOrganizationMembershipInput.parse(values);
      const { data } = await addMember({ variables: { input } });
      return data?.createOrganizationMembership;
    },
    (added) => {
      const name = added ? added.user.name || added.user.username : '';
      toast.success(t('{{name}} was added to the organization.', { name }));
    },
    'reset',
  );

  if (users.data && options.length === 0) return null;
  return (
    <form onSubmit={submit} noValidate aria-label={t('Add an existing user')} data-testid="add-member-form">
      <Stack gap="xs">
        <Text size="sm">{t('Add a user of this or a parent organization as a member; invite anyone else.')}</Text>
        <FormError message={generalError} />
        <Group align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 16rem' }}>
            <RequiredSelect label={t('User')} data={options} field={inputProps('userId')} />
          </div>
          <FormButtons loading={loading} submitLabel={t('Add member')} />
        </Group>
      </Stack>
    </form>
  );
}
