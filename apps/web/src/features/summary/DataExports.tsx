import { useQuery } from '@apollo/client/react';
import { Anchor } from '@mantine/core';
import { formatDateRange } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { type DataExportFieldsFragment, ProjectDataExportsDocument } from '../../graphql/generated.ts';
import { BackgroundProgress, usePollWhile } from '../ui/BackgroundProgress.tsx';

const formatNames = { csv: 'CSV', xlsx: 'Excel' } as const;

/**
 * The viewer's own background exports of the project (decision 0100): each one's progress, and
 * once it is ready a link to download it, until it expires a day later. Kept on the server, so
 * a user who leaves the page finds them here again. Renders nothing when there are none.
 */
export function DataExports({ projectId, timeZone }: { projectId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(ProjectDataExportsDocument, {
    variables: { id: projectId },
    fetchPolicy: 'cache-and-network',
  });
  const rows = query.data?.project?.dataExports ?? [];
  usePollWhile(
    rows.some((row) => row.finishedAt === null),
    query,
  );
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const label = (row: DataExportFieldsFragment) => {
    const what = t('{{format}} export {{range}}', {
      format: formatNames[row.format as keyof typeof formatNames] ?? row.format,
      range: formatDateRange(new Date(row.from), new Date(row.to), i18n.language, { timeZone }),
    });
    if (row.status === 'done') return t('{{what}} is ready.', { what });
    if (row.status === 'failed')
      return row.finishedAt === null
        ? t('{{what}} failed: {{error}} It is tried again shortly.', { what, error: row.error ?? '' })
        : t('{{what}} failed: {{error}}', { what, error: row.error ?? '' });
    return t('{{what}} is being written… {{percent}}', { what, percent: percent.format(row.percent / 100) });
  };
  return (
    <BackgroundProgress
      testId="data-exports"
      rowTestId="data-export"
      barLabel={t('Writing the export')}
      rows={rows.map((row) => ({
        id: row.id,
        status: row.status,
        percent: row.percent,
        label: label(row),
        action:
          row.status === 'done' && row.url ? (
            <Anchor href={row.url} download={row.filename ?? true} size="sm" fw={600}>
              {t('Download {{name}}', { name: row.filename ?? '' })}
            </Anchor>
          ) : undefined,
      }))}
    />
  );
}
