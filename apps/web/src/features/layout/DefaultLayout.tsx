import { Anchor, AppShell, Button, Group, Menu, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { config } from '../../config.ts';
import type { CurrentUserFieldsFragment } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';
import { useUiSettings } from '../profile/uiSettings.ts';
import classes from './DefaultLayout.module.css';

function MainNavigation({ user }: { user: CurrentUserFieldsFragment }) {
  const { t } = useTranslation();
  const links = [
    { to: '/home', label: t('Home') },
    { to: '/p', label: t('Projects') },
    { to: '/o', label: t('Organizations') },
    { to: '/meters', label: t('Meters') },
    { to: '/help', label: t('Help') },
    ...(user.isAdmin ? [{ to: '/admin', label: t('Admin') }] : []),
  ];
  return (
    <Group component="nav" aria-label={t('Main menu')} gap="xs" visibleFrom="sm">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.navLink}>
          {link.label}
        </NavLink>
      ))}
    </Group>
  );
}

function UserMenu({ user }: { user: CurrentUserFieldsFragment }) {
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
