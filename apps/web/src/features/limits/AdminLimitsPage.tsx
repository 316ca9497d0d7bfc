import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { LimitsSection } from './LimitsSection.tsx';

/** /admin/limits: the global limits, every organization's default, for site admins (the route's guard lets no one else in). */
export function AdminLimitsPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg">
      <DirtyFormsProvider>
        <Stack>
          <Title order={1}>{t('Global limits')}</Title>
          <LimitsSection organizationId={null} />
        </Stack>
      </DirtyFormsProvider>
    </Container>
  );
}
