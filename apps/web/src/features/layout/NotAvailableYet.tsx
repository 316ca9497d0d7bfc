import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stands in for screens that later issues build. */
export function NotAvailableYet() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" data-testid="not-available-yet">
      {t('This page is not available yet.')}
    </Alert>
  );
}
