import { Badge, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { measurementName } from '@olo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassificationFieldsFragment } from '../../graphql/generated.ts';
import { contrastRatio } from '../layout/theme.ts';
import styles from './Classification.module.css';

type ClassificationRow = ClassificationFieldsFragment['rows'][number];

/** Black or white, whichever reads better on `background` (both pass 4.5:1 on the class colours shipped). */
export function textOn(background: string): string {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

const weekdayKeys = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** A badge's words stay whole: the table scrolls sideways on a phone rather than cut "Too little data" short. */
const wholeBadge = { minWidth: 'max-content' } as const;

function ClassBadge({ row }: { row: ClassificationRow }) {
  const { t } = useTranslation();
  const label =
    row.achieved ??
    (row.verdict === 'belowS3'
      ? t('Below S3')
      : row.verdict === 'insufficientData'
        ? t('Too little data')
        : t('No occupied time'));
  if (!row.color) {
    return (
      <Badge variant="outline" color="gray" style={wholeBadge} data-testid={`classification-class-${row.seriesId}`}>
        {label}
      </Badge>
    );
  }
  return (
    <Badge
      style={{ ...wholeBadge, backgroundColor: row.color, color: textOn(row.color) }}
      data-testid={`classification-class-${row.seriesId}`}
      data-class={row.achieved ?? row.verdict}
    >
      {label}
    </Badge>
  );
}

/** The share of time outside the target as a red of that strength on white; its text black or white to match. */
function heatColor(share: number): string {
  const channel = (full: number) => Math.round(255 + (full - 255) * share);
  const hex = (value: number) => value.toString(16).padStart(2, '0');
  return `#${hex(channel(0xc9))}${hex(channel(0x2a))}${hex(channel(0x2a))}`;
}

/** A weekday × hour map of a row's worst hours: each cell the share of occupied time outside the heat map's class. */
export function ClassificationHeatMap({ rows, heatMapClass }: { rows: ClassificationRow[]; heatMapClass: string }) {
  const { t, i18n } = useTranslation();
  const worst = useMemo(() => {
    let best = rows[0];
    let most = -1;
    for (const row of rows) {
      const sum = row.heatMap.reduce<number>((total, share) => total + (share ?? 0), 0);
      if (sum > most) [best, most] = [row, sum];
    }
    return best;
  }, [rows]);
  const [chosen, setChosen] = useState<number | null>(null);
  const row = rows.find((item) => item.seriesId === chosen) ?? worst;
  if (!row) return null;
  const hours = Array.from({ length: 24 }, (_, hour) => hour).filter((hour) =>
    rows.some((item) =>
      Array.from({ length: 7 }, (_, day) => item.heatMap[day * 24 + hour]).some((share) => share !== null),
    ),
  );
  const days = Array.from({ length: 7 }, (_, day) => day).filter((day) =>
    rows.some((item) => hours.some((hour) => item.heatMap[day * 24 + hour] !== null)),
  );
  const shortDay = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const rowLabel = (item: ClassificationRow) => `${item.spaceName} · ${measurementName(item.dataType, i18n.language)}`;
  return (
    <Stack gap="xs" data-testid="classification-heat-map">
      <Text fw={600}>{t('Hours of the week outside {{class}}', { class: heatMapClass })}</Text>
      {rows.length > 1 && (
        <NativeSelect
          label={t('Space and measurement')}
          value={String(row.seriesId)}
          onChange={(event) => setChosen(Number(event.currentTarget.value))}
          data={rows.map((item) => ({ value: String(item.seriesId), label: rowLabel(item) }))}
          data-testid="classification-heat-map-row"
          maw={360}
        />
      )}
      {hours.length === 0 ? (
        <Text size="sm">{t('No data in the occupied hours.')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={hours.length * 34 + 60} type="native">
          <table
            className={styles.heatMap}
            aria-label={t('Hours of the week outside {{class}}', { class: heatMapClass })}
          >
            <thead>
              <tr>
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t('Weekday')}</span>
                </th>
                {hours.map((hour) => (
                  <th key={hour} scope="col">
                    {hour}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day}>
                  <th scope="row" title={t(weekdayKeys[day] as string)}>
                    {shortDay.format(Date.UTC(2024, 0, 1 + day))}
                  </th>
                  {hours.map((hour) => {
                    const share = row.heatMap[day * 24 + hour] ?? null;
                    const background = share === null ? '#ffffff' : heatColor(share);
                    const text = share === null ? '–' : percent.format(share);
                    return (
                      <td
                        key={hour}
                        style={{ backgroundColor: background, color: textOn(background) }}
                        title={`${t(weekdayKeys[day] as string)} ${hour}:00–${hour + 1}:00: ${share === null ? t('no data') : text}`}
                        data-share={share ?? undefined}
                      >
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs" aria-hidden="true" className={styles.legend}>
        <span>0 %</span>
        <span className={styles.legendScale} />
        <span>100 %</span>
        <span>– {t('no data')}</span>
      </Group>
      <Text size="xs" c="dimmed">
        {t('Each cell: the share of the occupied time in that hour with a value outside the {{class}} target.', {
          class: heatMapClass,
        })}
      </Text>
    </Stack>
  );
}

/**
 * The classification of a project's spaces (decision 0193): a row per space and measurement with the class achieved
 * (coloured by the class's limit band), the share of occupied time in each class, hours out of class and without data.
 */
export function ClassificationTable({ classification }: { classification: ClassificationFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const classKeys = classification.rows[0]?.classes.map((entry) => entry.key) ?? ['S1', 'S2', 'S3'];
  if (classification.rows.length === 0) {
    return <Text size="sm">{t('No CO2 or temperature series in the spaces.')}</Text>;
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped withTableBorder data-testid="classification-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('Space')}</Table.Th>
            <Table.Th scope="col">{t('Measurement')}</Table.Th>
            <Table.Th scope="col">{t('Class')}</Table.Th>
            {classKeys.map((key) => (
              <Table.Th key={key} scope="col">
                {t('In {{class}}', { class: key })}
              </Table.Th>
            ))}
            <Table.Th scope="col">{t('Hours out of class')}</Table.Th>
            <Table.Th scope="col">{t('Hours without data')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classification.rows.map((row) => (
            <Table.Tr key={row.seriesId} data-testid={`classification-row-${row.seriesId}`}>
              <Table.Th scope="row" fw={500}>
                {row.spaceName}
              </Table.Th>
              <Table.Td>{measurementName(row.dataType, i18n.language)}</Table.Td>
              <Table.Td>
                <ClassBadge row={row} />
              </Table.Td>
              {row.classes.map((entry) => (
                <Table.Td key={entry.key}>{percent.format(entry.share)}</Table.Td>
              ))}
              <Table.Td>{hours.format(row.outOfClassHours)}</Table.Td>
              <Table.Td>{hours.format(row.gapHours)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
