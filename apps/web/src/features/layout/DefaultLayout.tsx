import { Anchor, AppShell, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { config } from '../../config.ts';
import type { SessionUserFieldsFragment } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';
import { useInvitationNotice } from '../invitations/InvitationNotifier.tsx';
import { EditMenuModal, type MenuKind } from '../menus/EditMenuModal.tsx';
import { isPageBuilt } from '../navigation/unbuiltPages.ts';
import { useUiSettings } from '../profile/uiSettings.ts';
import classes from './DefaultLayout.module.css';

interface QuickLink {
  to: string;
  label: string;
  detail?: string | null;
}

/** The user's menu projects or organizations, beside the link to the whole list and the way to choose them. */
function QuickMenu({
  label,
  items,
  allLabel,
  allTo,
  onEdit,
}: {
  label: string;
  items: QuickLink[];
  allLabel: string;
  allTo: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={label} className={classes.menuToggle}>
          ▾
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
        {items.length === 0 && <Menu.Item disabled>{t('Nothing here yet')}</Menu.Item>}
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
            {item.detail && (
              <Text component="span" size="xs" c="dimmed" ml={6}>
                {item.detail}
              </Text>
            )}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to={allTo}>
          {allLabel}
        </Menu.Item>
        <Menu.Item onClick={onEdit}>{t('Edit menu')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function MainNavigation({ user }: { user: SessionUserFieldsFragment }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MenuKind | null>(null);
  const links = [
    { to: '/home', label: t('Home') },
    { to: '/p', label: t('Projects') },
    { to: '/o', label: t('Organizations') },
    { to: '/meters', label: t('Meters') },
    { to: '/help', label: t('Help') },
    ...(user.isAdmin ? [{ to: '/admin', label: t('Admin') }] : []),
  ].filter((link) => isPageBuilt(link.to));
  // The lists open from a button beside their link, so that the link itself still leads to the whole list.
  const quickMenus: Record<string, ReactNode> = {
    '/p': (
      <QuickMenu
        label={t('Menu of projects')}
        items={user.menuProjects.map((project) => ({
          to: `/p/${project.id}`,
          label: project.name,
          detail: project.code,
        }))}
        allLabel={t('All projects')}
        allTo="/p"
        onEdit={() => setEditing('projects')}
      />
    ),
    '/o': (
      <QuickMenu
        label={t('Menu of organizations')}
        items={user.menuOrganizations.map((organization) => ({
          to: `/o/${organization.slug}`,
          label: organization.name,
        }))}
        allLabel={t('All organizations')}
        allTo="/o"
        onEdit={() => setEditing('organizations')}
      />
    ),
  };
  return (
    <Group component="nav" aria-label={t('Main menu')} gap="xs" visibleFrom="sm">
      {links.map((link) => (
        <Group key={link.to} gap={0} wrap="nowrap">
          <NavLink to={link.to} className={classes.navLink}>
            {link.label}
          </NavLink>
          {quickMenus[link.to]}
        </Group>
      ))}
      {editing && <EditMenuModal kind={editing} user={user} onClose={() => setEditing(null)} />}
    </Group>
  );
}

/** Effects of a signed-in user that belong to every page of the default layout. */
function SignedInEffects({ user }: { user: SessionUserFieldsFragment }) {
  useInvitationNotice(user);
  return null;
}

function UserMenu({ user }: { user: SessionUserFieldsFragment }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('User menu')} className={classes.userButton}>
          {user.name || user.username}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.username}</Menu.Label>
        <Menu.Item component={Link} to="/profile">
          {t('Profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/logout">
          {t('Log out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Header with the site name, navigation, language and the user menu; wraps the root path. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { currentUser } = useCurrentUser();
  const { compact } = useUiSettings();
  return (
    <AppShell header={{ height: 56 }} padding={compact ? 'xs' : 'md'} data-layout="default">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to={currentUser ? '/home' : '/'} fw={700} size="lg" underline="never">
              {config.siteName}
            </Anchor>
            {currentUser && <MainNavigation user={currentUser} />}
            {currentUser && <SignedInEffects user={currentUser} />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguagePicker />
            {currentUser ? (
              <UserMenu user={currentUser} />
            ) : (
              <Button component={Link} to="/login" size="xs">
                {t('Log in')}
              </Button>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
