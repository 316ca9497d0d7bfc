import { useMutation, useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { adminUserBounds } from '@olo/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  AdminDeleteUserDocument,
  AdminUpdateUserDocument,
  type AdminUserRowFragment,
  AdminUsersDocument,
} from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { useShowError } from '../forms/useShowError.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';

const pageSize = adminUserBounds.pageSizeDefault;

/** The user's own words for who they are: their name, else their username. */
function displayName(user: AdminUserRowFragment): string {
  return user.name ?? user.username;
}

/** Names of memberships, an admin's marked, and how many more there are than listed. */
function Memberships({
  items,
  count,
  linkTo,
}: {
  items: AdminUserRowFragment['organizations'];
  count: number;
  linkTo?: (id: string) => string;
}) {
  const { t } = useTranslation();
  if (count === 0) return <Text c="dimmed">–</Text>;
  return (
    <Stack gap={2}>
      {items.map((item) => (
        <Text key={item.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {linkTo ? (
            <Anchor component={Link} to={linkTo(item.id)}>
              {item.name}
            </Anchor>
          ) : (
            item.name
          )}
          {item.isAdmin && ` (${t('admin')})`}
        </Text>
      ))}
      {count > items.length && (
        <Text size="sm" c="dimmed">
          {t('and {{number}} more', { number: count - items.length })}
        </Text>
      )}
    </Stack>
  );
}

function UserActions({ user, own }: { user: AdminUserRowFragment; own: boolean }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const confirm = useConfirm();
  const [update, updating] = useMutation(AdminUpdateUserDocument);
  const [remove, removing] = useMutation(AdminDeleteUserDocument, { refetchQueries: ['AdminUsers'] });
  const name = displayName(user);
  if (own) return <Text size="sm">{t('Your own account: change it on your profile.')}</Text>;

  const change = async (changes: { active?: boolean; isAdmin?: boolean }, done: string) => {
    try {
      await update({ variables: { userId: user.id, ...changes } });
      toast.success(done);
    } catch (error) {
      showError(error);
    }
  };
  const deleteUser = async () => {
    const confirmed = await confirm({
      message: t(
        'Delete the user {{name}}? Their memberships go; what they wrote stays, shown as by a deleted user. This cannot be undone.',
        { name },
      ),
      confirmLabel: t('Delete user'),
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await remove({ variables: { userId: user.id } });
      toast.success(t('User {{name}} deleted.', { name }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        loading={updating.loading}
        aria-label={user.active ? t('Deactivate {{name}}', { name }) : t('Activate {{name}}', { name })}
        onClick={() =>
          void change(
            { active: !user.active },
            user.active ? t('{{name}} deactivated.', { name }) : t('{{name}} activated.', { name }),
          )
        }
        data-testid="toggle-user-active"
      >
        {user.active ? t('Deactivate') : t('Activate')}
      </Button>
      <Button
        size="xs"
        variant="default"
        loading={updating.loading}
        aria-label={
          user.isAdmin ? t("Remove 'Admin all': {{name}}", { name }) : t("Make 'Admin all': {{name}}", { name })
        }
        onClick={() =>
          void change(
            { isAdmin: !user.isAdmin },
            user.isAdmin
              ? t('{{name}} is no longer a site admin.', { name })
              : t('{{name}} is a site admin.', { name }),
          )
        }
      >
        {user.isAdmin ? t("Remove 'Admin all'") : t("Make 'Admin all'")}
      </Button>
      <DeleteButton label={t('Delete the user {{name}}', { name })} loading={removing.loading} onClick={deleteUser}>
        {t('Delete')}
      </DeleteButton>
    </Group>
  );
}

/** /admin/users: every user with their state, memberships and last sign-in; site admins act on the others. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime('minute');
  const { currentUser } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const { data, previousData, loading, error } = useQuery(AdminUsersDocument, {
    variables: { search: search.trim() || null, offset: (page - 1) * pageSize, limit: pageSize },
    fetchPolicy: 'cache-and-network',
  });
  const listed = (data ?? previousData)?.allUsers;
  const total = listed?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const setParams = useCallback(
    (changes: { q?: string; page?: number }) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        if (changes.q !== undefined) {
          if (changes.q) next.set('q', changes.q);
          else next.delete('q');
          next.delete('page');
        }
        if (changes.page !== undefined) {
          if (changes.page > 1) next.set('page', String(changes.page));
          else next.delete('page');
        }
        return next;
      }),
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => setParams({ q }), [setParams]);

  return (
    <Container size="xl">
      <Stack>
        <Title order={1}>{t('Users')}</Title>
        {listed && (
          <Text data-testid="admin-users-count" role="status">
            {t('Users found: {{number}}.', { number: total })}
          </Text>
        )}
        <Group align="flex-end">
          <SearchBox value={search} onChange={onSearch} placeholder={t('Name, username or email')} />
        </Group>
        <ListTable
          loading={loading && !listed}
          error={listed ? undefined : error}
          items={listed?.items}
          empty={<Text c="dimmed">{t('No users.')}</Text>}
          label={t('Users')}
          testId="admin-users"
          minWidth={960}
          head={
            <>
              <Table.Th>{t('User')}</Table.Th>
              <Table.Th>{t('State')}</Table.Th>
              <Table.Th>{t('Organizations')}</Table.Th>
              <Table.Th>{t('Projects')}</Table.Th>
              <Table.Th>{t('Last sign-in')}</Table.Th>
              <Table.Th>{t('Actions')}</Table.Th>
            </>
          }
          row={(user) => (
            <Table.Tr key={user.id} data-testid="admin-user-row" data-username={user.username}>
              <Table.Td>
                <Stack gap={0}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {displayName(user)}
                  </Text>
                  {user.name && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {user.username}
                    </Text>
                  )}
                  {user.email && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {user.email}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge size="sm" color={user.active ? 'green' : 'red'} variant="light" data-testid="user-state">
                    {user.active ? t('Active') : t('Deactivated')}
                  </Badge>
                  <Badge size="sm" color={user.isVerified ? 'blue' : 'gray'} variant="outline">
                    {user.isVerified ? t('Verified') : t('Not verified')}
                  </Badge>
                  {user.isAdmin && (
                    <Badge size="sm" color="grape" variant="light">
                      {t('Admin all')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Memberships items={user.organizations} count={user.organizationCount} />
              </Table.Td>
              <Table.Td>
                <Memberships items={user.projects} count={user.projectCount} linkTo={(id) => `/p/${id}`} />
              </Table.Td>
              <Table.Td>{user.lastSignInAt ? formatTime(user.lastSignInAt) : t('Never')}</Table.Td>
              <Table.Td>
                <UserActions user={user} own={user.id === currentUser?.id} />
              </Table.Td>
            </Table.Tr>
          )}
        />
        {pages > 1 && (
          <Group justify="space-between" wrap="wrap" data-testid="admin-users-paging">
            <Button variant="default" disabled={page <= 1} onClick={() => setParams({ page: page - 1 })}>
              {t('Previous page')}
            </Button>
            <Text>{t('Page {{page}} of {{pages}}', { page, pages })}</Text>
            <Button variant="default" disabled={page >= pages} onClick={() => setParams({ page: page + 1 })}>
              {t('Next page')}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
