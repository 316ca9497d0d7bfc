import { Text } from '@mantine/core';
import type { ReportElementOf } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { ClassificationHeatMap, ClassificationTable } from '../../classification/ClassificationTable.tsx';
import { DataElementFrame } from './DataElementFrame.tsx';
import type { ReportScope } from './reportScope.ts';

/**
 * The indoor climate classification of the report's spaces over its range or a data slot's (decision 0193), as the
 * report's context computed it on the server: the same for a member, at the public link and in the PDF.
 */
export function ClassificationElement({
  element,
  scope,
}: {
  element: ReportElementOf<'classification'>;
  scope: ReportScope;
}) {
  const { t } = useTranslation();
  const known = scope.report.dataslots.some((slot) => slot.id === element.data.dataslotId);
  const dataslotId = known ? element.data.dataslotId : null;
  const classification = scope.context.classifications?.find((item) => (item.dataslotId ?? null) === dataslotId);
  return (
    <DataElementFrame kind="classification" title={element.title ?? t('Indoor climate classification')} ready>
      {classification ? (
        <>
          <ClassificationTable classification={classification} />
          {element.heatMap && classification.rows.length > 0 && (
            <ClassificationHeatMap rows={classification.rows} heatMapClass={classification.heatMapClass} />
          )}
          <Text size="xs" c="dimmed">
            {t(
              'Sisäilmastoluokitus 2018: a class is achieved when its target holds for {{share}} of the occupied time.',
              {
                share: '95 %',
              },
            )}
          </Text>
        </>
      ) : (
        <Text size="sm">{t('No classification for this range.')}</Text>
      )}
    </DataElementFrame>
  );
}
