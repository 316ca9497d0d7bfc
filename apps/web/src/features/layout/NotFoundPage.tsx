import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl">
      <Title order={1}>{t('Page not found')}</Title>
      <Text c="dimmed">{t('The address may be mistyped, or the page has been moved.')}</Text>
      <Anchor component={Link} to="/">
        {t('Back to the front page')}
      </Anchor>
    </Stack>
  );
}
