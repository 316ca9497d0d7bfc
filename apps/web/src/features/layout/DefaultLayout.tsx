import { AppShell, Burger, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { SessionUserFieldsFragment } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';
import { useInvitationNotice } from '../invitations/InvitationNotifier.tsx';
import { EditMenuModal, type MenuKind } from '../menus/EditMenuModal.tsx';
import { useUiSettings } from '../profile/uiSettings.ts';
import classes from './DefaultLayout.module.css';
import { type MainLink, useMainLinks } from './mainLinks.ts';
import { PhoneMenu } from './PhoneMenu.tsx';
import { SiteBrand } from './SiteBrand.tsx';
import { mainContentId, SkipLink } from './SkipLink.tsx';

/** The user's menu projects or organizations, beside the link to the whole list and the way to choose them. */
function QuickMenu({
  label,
  items,
  allLabel,
  allTo,
  onEdit,
}: {
  label: string;
  items: MainLink[];
  allLabel: string;
  allTo: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={label} className={classes.menuToggle}>
          {/* A drawn chevron, not a character: the button's name is its label alone (WCAG 2.5.3). */}
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
            <path d="M1 3l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
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
  const links = useMainLinks(user);
  // The lists open from a button beside their link, so that the link itself still leads to the whole list.
  const quickMenus: Record<string, ReactNode> = {
    '/p': (
      <QuickMenu
        label={t('Menu of projects')}
        items={links.find((link) => link.to === '/p')?.quick ?? []}
        allLabel={t('All projects')}
        allTo="/p"
        onEdit={() => setEditing('projects')}
      />
    ),
    '/o': (
      <QuickMenu
        label={t('Menu of organizations')}
        items={links.find((link) => link.to === '/o')?.quick ?? []}
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
  const displayName = user.name || user.username;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The name read out starts with the one shown (WCAG 2.5.3), then says what opens. */}
        <UnstyledButton aria-label={`${displayName}, ${t('User menu')}`} className={classes.userButton}>
          {displayName}
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

/**
 * Header with the site name, navigation, language and the user menu; wraps the root path. Below Mantine's `sm`
 * breakpoint (768 px) the menu, language and user menu move behind a burger (PhoneMenu).
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { currentUser } = useCurrentUser();
  const { compact } = useUiSettings();
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false);
  // Shown at every width to visitors, who have no menu to open; a signed-in phone user finds them in the burger.
  const userControlsFrom = currentUser ? 'sm' : undefined;
  return (
    <AppShell header={{ height: 56 }} padding={compact ? 'xs' : 'md'} data-layout="default">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <SiteBrand to={currentUser ? '/home' : '/'} />
            {currentUser && <MainNavigation user={currentUser} />}
            {currentUser && <SignedInEffects user={currentUser} />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" visibleFrom={userControlsFrom}>
              <LanguagePicker />
              {currentUser ? (
                <UserMenu user={currentUser} />
              ) : (
                <Button component={Link} to="/login" size="xs">
                  {t('Log in')}
                </Button>
              )}
            </Group>
            {currentUser && (
              <Burger
                hiddenFrom="sm"
                opened={phoneMenuOpen}
                onClick={() => setPhoneMenuOpen((open) => !open)}
                aria-label={t('Menu')}
                aria-expanded={phoneMenuOpen}
                aria-controls="phone-menu"
              />
            )}
          </Group>
        </Group>
      </AppShell.Header>
      {currentUser && <PhoneMenu user={currentUser} opened={phoneMenuOpen} onClose={() => setPhoneMenuOpen(false)} />}
      <AppShell.Main id={mainContentId} tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
