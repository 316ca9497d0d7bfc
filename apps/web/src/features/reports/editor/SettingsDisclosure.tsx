import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportRangeText } from '../list/reportRange.ts';

/**
 * The report's settings (page, cover, flags, range and data slots) folded into one line above the first page, so
 * that the pages start near the top of a long report; the line says the range and how many data slots there are
 * (decision 0158). Closed when the editor opens.
 */
export function SettingsDisclosure({
  from,
  to,
  dataslotCount,
  timeZone,
  children,
}: {
  /** Epoch ms, [from, to). */
  from: number;
  to: number;
  dataslotCount: number;
  timeZone: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const range = reportRangeText(new Date(from).toISOString(), new Date(to).toISOString(), i18n.language, timeZone);
  return (
    <Stack gap="sm" data-testid="report-settings-disclosure">
      <Group gap="sm" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
          data-testid="report-settings-toggle"
        >
          {open ? t('Hide report settings') : t('Report settings')}
        </Button>
        <Text size="sm" c="dimmed" data-testid="report-settings-summary">
          {t('{{range}} · data slots: {{count}}', { range, count: dataslotCount })}
        </Text>
      </Group>
      {open && (
        <Stack gap="sm" id={regionId}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}
