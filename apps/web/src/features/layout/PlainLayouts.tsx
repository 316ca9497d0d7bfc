import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';
import classes from './PlainLayouts.module.css';
import { SiteBrand } from './SiteBrand.tsx';
import { mainContentId, SkipLink } from './SkipLink.tsx';

/** Pages of their own (front page, login, registration): no navigation, only the language. */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <Box data-layout="plain" mih="100vh">
      <SkipLink />
      <Group component="header" justify="flex-end" p="sm">
        <LanguagePicker />
      </Group>
      <Container component="main" id={mainContentId} tabIndex={-1} size="lg" pb="xl">
        {children}
      </Container>
    </Box>
  );
}

/** Public project and report views shown to visitors who are not members. */
export function PlainClientLayout({ children }: { children: ReactNode }) {
  return (
    <Box data-layout="plain-client" mih="100vh">
      <SkipLink />
      <Group component="header" justify="space-between" p="sm" className={classes.screenOnly}>
        <SiteBrand to="/" />
        <LanguagePicker />
      </Group>
      <Container component="main" id={mainContentId} tabIndex={-1} size="xl" pb="xl">
        {children}
      </Container>
    </Box>
  );
}

export function TestLayout({ children }: { children: ReactNode }) {
  return (
    <Box component="main" data-layout="test" p="md">
      {children}
    </Box>
  );
}
