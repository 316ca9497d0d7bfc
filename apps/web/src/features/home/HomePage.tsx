import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/useCurrentUser.ts';

/** Dashboard of projects; projects arrive with a later issue, so it is empty for now. */
export function HomePage() {
  const { t } = useTranslation();
  const { currentUser } = useCurrentUser();
  return (
    <Container size="lg">
      <Stack>
        <Title order={1}>{t('Dashboard')}</Title>
        {currentUser && <Text>{t('Welcome, {{name}}!', { name: currentUser.name || currentUser.username })}</Text>}
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {t('No projects yet.')}
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
