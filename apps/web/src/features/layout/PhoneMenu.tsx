import { Divider, Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { SessionUserFieldsFragment } from '../../graphql/generated.ts';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';
import { useMainLinks } from './mainLinks.ts';

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The main menu on a phone (below 768 px, where the header has no room for it): every main link with the user's menu
 * projects and organizations, the language, the profile and signing out. Following a link closes it.
 */
export function PhoneMenu({
  user,
  opened,
  onClose,
}: {
  user: SessionUserFieldsFragment;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const links = useMainLinks(user);

  return (
    <Drawer
      id="phone-menu"
      opened={opened}
      onClose={onClose}
      title={user.name || user.username}
      position="right"
      size="xs"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': t('Close menu') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="xs">
        <nav aria-label={t('Main menu')}>
          {links.map((link) => (
            <div key={link.to}>
              <NavLink
                component={Link}
                onClick={onClose}
                to={link.to}
                label={link.label}
                active={isCurrent(pathname, link.to)}
              />
              {link.quick?.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  onClick={onClose}
                  to={item.to}
                  pl="xl"
                  label={item.label}
                  description={item.detail}
                  active={pathname === item.to}
                />
              ))}
            </div>
          ))}
        </nav>
        <Divider />
        <LanguagePicker label />
        <Divider />
        <Text size="xs" c="dimmed">
          {user.username}
        </Text>
        <NavLink
          component={Link}
          onClick={onClose}
          to="/profile"
          label={t('Profile')}
          active={isCurrent(pathname, '/profile')}
        />
        <NavLink component={Link} onClick={onClose} to="/logout" label={t('Log out')} />
      </Stack>
    </Drawer>
  );
}
