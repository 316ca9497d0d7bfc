import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Public pages for checking that the app and its test layout render (`/test`, `/testssr`). */
export function TestPage({ variant }: { variant: 'test' | 'testssr' }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Stack data-testid={`${variant}-page`}>
      <Title order={1}>{t('Test page')}</Title>
      <Text>{variant}</Text>
      <Text>
        {t('Current time')}: <time dateTime={now.toISOString()}>{now.toLocaleString(i18n.language)}</time>
      </Text>
    </Stack>
  );
}
