import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { ColorsSection } from './ColorsSection.tsx';

/** /admin/colors: the global colours, for site admins (the route's guard lets no one else in). */
export function AdminColorsPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg">
      <DirtyFormsProvider>
        <Stack>
          <Title order={1}>{t('Global colours')}</Title>
          <ColorsSection organizationId={null} />
        </Stack>
      </DirtyFormsProvider>
    </Container>
  );
}
