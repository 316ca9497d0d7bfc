import { Button, Group } from '@mantine/core';
import type { DataResult } from '@olo/data-engine';
import { dataExportFormats, exportUrl, isLanguage } from '@olo/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

const formatLabels = { csv: 'Download CSV', xlsx: 'Download Excel' } as const;

/** Links to the server's export of one period as the engine resolved it (default range and slot filled in). */
export const ExportLinks = memo(function ExportLinks({ projectId, result }: { projectId: number; result: DataResult }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.split('-')[0];
  return (
    <Group gap="xs" data-testid="summary-exports">
      {dataExportFormats.map((format) => (
        <Button
          key={format}
          component="a"
          size="xs"
          variant="default"
          download
          href={exportUrl({
            projectId,
            format,
            from: result.range.from,
            to: result.range.to,
            slot: result.slotSeconds,
            mode: result.mode,
            nulls: result.nulls,
            filters: [...result.filters],
            lang: isLanguage(language) ? language : 'fi',
          })}
        >
          {t(formatLabels[format])}
        </Button>
      ))}
    </Group>
  );
});
