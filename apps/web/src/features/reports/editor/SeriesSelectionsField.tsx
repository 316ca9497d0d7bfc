import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { type ReportSeriesSelection, reportBounds } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { RemoveIcon } from '../../ui/DeleteButton.tsx';
import { useMeasurementLabel } from '../../ui/useMeasurementLabel.ts';
import type { ReportContextInfo } from '../document/reportScope.ts';

const allTypes = '*';

function spaceValue(selection: ReportSeriesSelection): string {
  return selection.space.kind === 'space' ? `space:${selection.space.id}` : selection.space.kind;
}

/**
 * Which series an element shows: each row a space (every shown space, the repeated one inside a repeating
 * container, or one named space) and a measurement type or all of them.
 */
export function SeriesSelectionsField({
  value,
  context,
  insideRepeat,
  onChange,
}: {
  value: readonly ReportSeriesSelection[];
  context: ReportContextInfo;
  /** The element is drawn inside a container repeating per space: "the repeated space" means something. */
  insideRepeat: boolean;
  onChange: (selections: ReportSeriesSelection[]) => void;
}) {
  const { t } = useTranslation();
  const measurementLabel = useMeasurementLabel();
  const spaceOptions = [
    { value: 'all', label: t('Every shown space') },
    ...(insideRepeat || value.some((item) => item.space.kind === 'current')
      ? [{ value: 'current', label: t('The repeated space') }]
      : []),
    ...context.spaces.map((space) => ({ value: `space:${space.id}`, label: space.name })),
  ];
  const typesOf = (selection: ReportSeriesSelection) => {
    const spaceId = selection.space.kind === 'space' ? selection.space.id : null;
    const types = new Set(
      context.series.filter((item) => spaceId === null || item.spaceId === spaceId).map((item) => item.dataType),
    );
    if (selection.dataType) types.add(selection.dataType);
    return [
      { value: allTypes, label: t('Every room measurement') },
      ...[...types].sort().map((type) => ({ value: type, label: measurementLabel(type) })),
    ];
  };
  const replace = (index: number, selection: ReportSeriesSelection) =>
    onChange(value.map((item, at) => (at === index ? selection : item)));
  const chooseSpace = (index: number, selection: ReportSeriesSelection, chosen: string | null) => {
    if (chosen === 'all' || chosen === 'current') return replace(index, { ...selection, space: { kind: chosen } });
    const space = context.spaces.find((item) => `space:${item.id}` === chosen);
    if (space) replace(index, { ...selection, space: { kind: 'space', id: space.id, name: space.name } });
  };
  return (
    <Stack gap="xs" data-testid="series-selections">
      <Text size="sm" fw={500}>
        {t('Series')}
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('No series chosen yet.')}
        </Text>
      )}
      {value.map((selection, index) => (
        // Selections have no identity of their own; a row is its place in the list.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Paper key={index} withBorder p="xs">
          <Group gap="xs" align="end" wrap="wrap">
            <Select
              size="xs"
              style={{ flex: '1 1 160px' }}
              label={t('Space')}
              allowDeselect={false}
              value={spaceValue(selection)}
              data={spaceOptions}
              onChange={(chosen) => chooseSpace(index, selection, chosen)}
            />
            <Select
              size="xs"
              style={{ flex: '1 1 140px' }}
              label={t('Measurement')}
              allowDeselect={false}
              value={selection.dataType ?? allTypes}
              data={typesOf(selection)}
              onChange={(chosen) =>
                replace(index, { ...selection, dataType: chosen && chosen !== allTypes ? chosen : null })
              }
            />
            <RemoveIcon
              label={t('Remove series choice {{number}}', { number: index + 1 })}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            />
          </Group>
        </Paper>
      ))}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        disabled={value.length >= reportBounds.selectionsMax}
        onClick={() => onChange([...value, { space: { kind: insideRepeat ? 'current' : 'all' }, dataType: null }])}
      >
        {t('Add series')}
      </Button>
    </Stack>
  );
}
