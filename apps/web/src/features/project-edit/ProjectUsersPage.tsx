import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { createProjectMembershipInput, inviteInput, tenancyBounds } from '@olo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  CancelProjectInvitationDocument,
  CreateProjectMembershipDocument,
  DeleteProjectMembershipDocument,
  InviteToProjectDocument,
  type ProjectEditInvitationFragment,
  type ProjectEditMemberFragment,
  ProjectInvitationsDocument,
  ProjectUsersListDocument,
  UpdateProjectMembershipDocument,
} from '../../graphql/generated.ts';
import { type SetFormDirty, useDirtyForms } from '../forms/useDirtyForms.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useConfirmedAction, useShowError } from '../forms/useShowError.ts';
import { InvitationTable } from '../invitations/InvitationTable.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { type EditedProject, useEditedProject } from './EditLayout.tsx';
import { addToProjectList, removeFromProjectList } from './projectCache.ts';

const rights = [
  'isAdmin',
  'canAdminSeries',
  'canAdminAlarms',
  'canViewAlarms',
  'canAdminReports',
  'canViewReports',
] as const;
type Right = (typeof rights)[number];

function useRightLabels(): Record<Right, string> {
  const { t } = useTranslation();
  return {
    isAdmin: t('Project admin'),
    canAdminSeries: t('Manage series'),
    canAdminAlarms: t('Manage alarms'),
    canViewAlarms: t('View alarms'),
    canAdminReports: t('Manage reports'),
    canViewReports: t('View reports'),
  };
}

function displayName(user: { name: string | null; username: string }): string {
  return user.name || user.username;
}

function MemberRow({ project, member }: { project: EditedProject; member: ProjectEditMemberFragment }) {
  const { t } = useTranslation();
  const labels = useRightLabels();
  const showError = useShowError();
  const confirmed = useConfirmedAction();
  const [updateMembership] = useMutation(UpdateProjectMembershipDocument);
  const [deleteMembership, deleting] = useMutation(DeleteProjectMembershipDocument, {
    update: (cache, { data }) => {
      if (data?.deleteProjectMembership) {
        removeFromProjectList(cache, project.id, 'members', { __typename: 'ProjectMembership', id: member.id });
      }
    },
  });
  const name = displayName(member.user);

  // Optimistic, so that the checkbox changes at once; a refusal puts it back. The cached membership carries its
  // __typename, which the optimistic answer needs.
  const setRight = (right: Right, value: boolean) =>
    updateMembership({
      variables: { input: { id: member.id, [right]: value } },
      optimisticResponse: { updateProjectMembership: { ...member, [right]: value } },
    }).catch(showError);

  const remove = () => {
    confirmed(
      t('Remove {{name}} from the project?', { name }),
      () => deleteMembership({ variables: { id: member.id } }),
      t('{{name}} was removed from the project.', { name }),
    );
  };

  return (
    <Table.Tr data-testid="project-member" data-username={member.user.username}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {member.user.username}
          {member.user.company ? ` · ${member.user.company}` : ''}
        </Text>
      </Table.Td>
      {rights.map((right) => (
        <Table.Td key={right}>
          <Checkbox
            aria-label={`${labels[right]}: ${name}`}
            checked={member[right]}
            onChange={(event) => void setRight(right, event.currentTarget.checked)}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <Group justify="flex-end">
          <DeleteButton label={t('Remove {{name}}', { name })} loading={deleting.loading} onClick={remove}>
            {t('Remove')}
          </DeleteButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function AddMemberForm({ project, setFormDirty }: { project: EditedProject; setFormDirty: SetFormDirty }) {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(ProjectUsersListDocument, { variables: { organizationId: project.organizationId } });
  const [createMembership, { loading }] = useMutation(CreateProjectMembershipDocument, {
    update: (cache, result) => addToProjectList(cache, project.id, 'members', result.data?.createProjectMembership),
  });
  const { form, inputProps, generalError, onSave } = useSchemaForm({
    initialValues: { projectId: project.id, userId: '' },
    schema: createProjectMembershipInput,
  });
  const dirty = form.isDirty();
  useEffect(() => setFormDirty('add-member', dirty), [dirty, setFormDirty]);

  const memberIds = new Set(project.members.map((member) => member.user.id));
  const options = (data?.usersList ?? [])
    .filter((user) => !memberIds.has(user.id))
    .map((user) => ({
      value: user.id,
      label: user.name ? `${user.name} (${user.username})` : user.username,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  const submit = onSave(
    (values) => {
      const input = createProjectMembershipInput.parse(values);
      return createMembership({ variables: { input: { projectId: input.projectId, userId: input.userId } } });
    },
    () => toast.success(t('Member added. Choose their rights in the list.')),
    'reset',
  );

  return (
    <FormStack onSubmit={submit} label={t('Add a member')} error={generalError} testId="project-add-member-form">
      <Group align="flex-start">
        <Select
          label={t('User')}
          description={t('Members of the organization of the project')}
          placeholder={options.length ? t('Choose a user') : t('No users to add')}
          data={options}
          searchable
          nothingFoundMessage={t('No matches')}
          style={{ flex: 1 }}
          {...inputProps('userId')}
          value={form.getValues().userId || null}
          onChange={(value) => form.setFieldValue('userId', value ?? '')}
        />
        <Button type="submit" loading={loading} disabled={!form.getValues().userId} mt={46}>
          {t('Add')}
        </Button>
      </Group>
    </FormStack>
  );
}

function InviteForm({ project, setFormDirty }: { project: EditedProject; setFormDirty: SetFormDirty }) {
  const { t } = useTranslation();
  const [invite, { loading }] = useMutation(InviteToProjectDocument, {
    update: (cache, { data }) => {
      if (data?.invite.projectId === project.id) addToProjectList(cache, project.id, 'invitations', data.invite);
    },
  });
  const { form, inputProps, generalError, onSave } = useSchemaForm({
    initialValues: { projectId: project.id, email: '', username: '' },
    schema: inviteInput,
  });
  const dirty = form.isDirty();
  useEffect(() => setFormDirty('invite', dirty), [dirty, setFormDirty]);

  const submit = onSave(
    (values) => {
      const input = inviteInput.parse(values);
      return invite({ variables: { projectId: project.id, email: input.email, username: input.username } });
    },
    () => toast.success(t('Invitation sent.')),
    'reset',
  );

  return (
    <FormStack onSubmit={submit} label={t('Invite to the project')} error={generalError} testId="project-invite-form">
      <Group align="flex-start" grow>
        <TextInput label={t('Email')} type="email" autoComplete="off" {...inputProps('email')} />
        <TextInput
          label={t('or username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...inputProps('username')}
        />
      </Group>
      <FormButtons loading={loading} submitLabel={t('Send invitation')} />
    </FormStack>
  );
}

function InvitationRow({ project, invitation }: { project: EditedProject; invitation: ProjectEditInvitationFragment }) {
  const { t, i18n } = useTranslation();
  const confirmed = useConfirmedAction();
  const [cancelInvitation, { loading }] = useMutation(CancelProjectInvitationDocument, {
    update: (cache, { data }) => {
      if (data?.cancelInvitation) {
        removeFromProjectList(cache, project.id, 'invitations', { __typename: 'Invitation', id: invitation.id });
      }
    },
  });
  const cancel = () => {
    confirmed(
      t('Cancel the invitation of {{email}}?', { email: invitation.email ?? invitation.username }),
      () => cancelInvitation({ variables: { id: invitation.id } }),
      t('Invitation cancelled.'),
    );
  };
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);

  return (
    <Table.Tr data-testid="project-invitation">
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.email ?? invitation.username}</Table.Td>
      <Table.Td>{date(invitation.createdAt)}</Table.Td>
      <Table.Td>{date(invitation.expiresAt)}</Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <DeleteButton
            label={t('Cancel the invitation of {{email}}', { email: invitation.email ?? invitation.username })}
            loading={loading}
            onClick={cancel}
          >
            {t('Cancel invitation')}
          </DeleteButton>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Invitations({ project }: { project: EditedProject }) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(ProjectInvitationsDocument, { variables: { id: project.id } });
  const invitations = data?.projectAdmin.invitations;
  return (
    <QueryState loading={loading} error={error} data={invitations}>
      {invitations && invitations.length === 0 && <Text c="dimmed">{t('No open invitations.')}</Text>}
      {invitations && invitations.length > 0 && (
        <InvitationTable who={t('Email')} sent={t('Sent')} label={t('Open invitations')} testId="project-invitations">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} project={project} invitation={invitation} />
          ))}
        </InvitationTable>
      )}
    </QueryState>
  );
}

/** The edit tab of the project's members, their rights and the open invitations. */
export function ProjectUsersPage() {
  const { t, i18n } = useTranslation();
  const project = useEditedProject();
  const labels = useRightLabels();
  const { setFormDirty } = useDirtyForms();
  const members = [...project.members].sort((a, b) =>
    displayName(a.user).localeCompare(displayName(b.user), i18n.language),
  );

  return (
    <Stack>
      <Section id="members" title={t('Members')} description={t('Every member sees the project.')}>
        {members.length === 0 ? (
          <Text c="dimmed">{t('The project has no members.')}</Text>
        ) : (
          <ResponsiveTable minWidth={760} aria-label={t('Members')} data-testid="project-members" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('User')}</Table.Th>
                {rights.map((right) => (
                  <Table.Th key={right}>{labels[right]}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <MemberRow key={member.id} project={project} member={member} />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Section>
      <Section id="add-member" title={t('Add a member')}>
        <AddMemberForm key={project.id} project={project} setFormDirty={setFormDirty} />
      </Section>
      <Section
        id="invite"
        title={t('Invite to the project')}
        description={t('The invitation is sent by email with a link and a code. It is valid for {{days}} days.', {
          days: tenancyBounds.invitationDays,
        })}
      >
        <InviteForm key={project.id} project={project} setFormDirty={setFormDirty} />
      </Section>
      <Section id="invitations" title={t('Open invitations')}>
        <Invitations project={project} />
      </Section>
    </Stack>
  );
}
