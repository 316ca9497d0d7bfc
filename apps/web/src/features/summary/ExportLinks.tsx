import { useMutation } from '@apollo/client/react';
import { Button, Group } from '@mantine/core';
import type { DataResult } from '@olo/data-engine';
import { type DataExportFormat, dataExportFormats, exportUrl, isLanguage } from '@olo/shared';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import { ProjectDataExportsDocument, StartDataExportDocument } from '../../graphql/generated.ts';
import { useShowError } from '../forms/useShowError.ts';

const formatLabels = { csv: 'Download CSV', xlsx: 'Download Excel' } as const;

/**
 * Values the file will hold: the view's slots × series, as the server bounds them. Above
 * `exportBackgroundCells` the export is written in the background (decision 0100).
 */
export function exportCells(result: Pick<DataResult, 'times' | 'series'>): number {
  return result.times.length * Math.max(1, result.series.length);
}

/**
 * The server's export of one period as the engine resolved it (default range and slot filled in):
 * a small one is a plain download link; a large one, for a signed-in viewer (`background`), starts
 * a background export whose progress and download `DataExports` shows.
 */
export const ExportLinks = memo(function ExportLinks({
  projectId,
  result,
  background = false,
}: {
  projectId: number;
  result: DataResult;
  background?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const showError = useShowError();
  const [starting, setStarting] = useState<DataExportFormat | null>(null);
  const [start] = useMutation(StartDataExportDocument, {
    refetchQueries: [{ query: ProjectDataExportsDocument, variables: { id: projectId } }],
    awaitRefetchQueries: true,
  });
  const language = i18n.language.split('-')[0];
  const lang = isLanguage(language) ? language : 'fi';
  const query = {
    from: result.range.from,
    to: result.range.to,
    slot: result.slotSeconds,
    mode: result.mode,
    nulls: result.nulls,
    filters: [...result.filters],
    lang,
  };
  const large = background && exportCells(result) > config.exportBackgroundCells;
  return (
    <Group gap="xs" data-testid="summary-exports">
      {dataExportFormats.map((format) =>
        large ? (
          <Button
            key={format}
            size="xs"
            variant="default"
            loading={starting === format}
            onClick={() => {
              setStarting(format);
              start({
                variables: {
                  input: {
                    projectId,
                    format,
                    ...query,
                    from: new Date(query.from).toISOString(),
                    to: new Date(query.to).toISOString(),
                  },
                },
              })
                .catch(showError)
                .finally(() => setStarting(null));
            }}
          >
            {t(formatLabels[format])}
          </Button>
        ) : (
          <Button
            key={format}
            component="a"
            size="xs"
            variant="default"
            download
            href={exportUrl({ projectId, format, ...query })}
          >
            {t(formatLabels[format])}
          </Button>
        ),
      )}
    </Group>
  );
});
