import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * Public pages for checking that the app and its test layout render (`/test`, `/testssr`).
 * `?key=<text>` shows how a translation key renders in the current language, through the same
 * missing-key rules as the rest of the app (a missing key is shown as is and stored).
 */
export function TestPage({ variant }: { variant: 'test' | 'testssr' }) {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.get('key') ?? '';
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
      <TextInput
        label={t('Translation key')}
        value={key}
        onChange={(event) => setSearchParams(event.currentTarget.value ? { key: event.currentTarget.value } : {})}
      />
      {key && <Text data-testid="translation-check">{t(key)}</Text>}
    </Stack>
  );
}
