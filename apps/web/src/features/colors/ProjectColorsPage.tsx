import { useMutation, useQuery } from '@apollo/client/react';
import { ColorSwatch, Group, NativeSelect, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { seriesColor } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  type ColorsSerieFragment,
  ProjectColorsDocument,
  type ProjectColorsQuery,
  UpdateSeriesColorsDocument,
  UpdateSpaceColorDocument,
} from '../../graphql/generated.ts';
import { unitOfType } from '../alarms/ruleText.ts';
import { useShowError } from '../forms/useShowError.ts';
import { BandsStrip } from '../limits/BandsStrip.tsx';
import { normalRangeText } from '../limits/limitDisplay.ts';
import { useDisplayName } from '../limits/useDisplayName.ts';
import { useEditedProject } from '../project-edit/EditLayout.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';

type ColorsProject = ProjectColorsQuery['projectAdmin'];
type PaletteColor = ColorsProject['colors'][number];

const idOrNull = (value: string) => (value === '' ? null : Number(value));

/** A colour choice with a swatch of the chosen colour beside it. */
function ColorField({
  label,
  colors,
  colorId,
  shown,
  emptyLabel,
  disabled,
  onChange,
}: {
  label: string;
  colors: readonly PaletteColor[];
  colorId: number | null;
  /** The colour drawn now (a series without a choice: its palette colour). */
  shown: string | null;
  emptyLabel: string;
  disabled?: boolean;
  onChange: (colorId: number | null) => void;
}) {
  const nameOf = useDisplayName();
  return (
    <NativeSelect
      label={label}
      disabled={disabled}
      value={colorId === null ? '' : String(colorId)}
      data={[
        { value: '', label: emptyLabel },
        ...colors.map((color) => ({ value: String(color.id), label: nameOf(color) })),
      ]}
      leftSection={shown ? <ColorSwatch color={shown} size={16} aria-hidden /> : undefined}
      onChange={(event) => onChange(idOrNull(event.currentTarget.value))}
    />
  );
}

/** How the series is drawn: its line colour, and the bands and normal range of the limit it follows. */
function SeriesPreview({ serie }: { serie: ColorsSerieFragment }) {
  const { t, i18n } = useTranslation();
  const { limit } = serie;
  const nameOf = useDisplayName();
  const unit = serie.dataUnit || unitOfType(serie.dataType);
  const range = normalRangeText(limit, serie.dataType, unit, i18n.language);
  const lineColor = seriesColor({ id: serie.id, color: serie.color?.color });
  return (
    <Group gap="sm" wrap="nowrap" data-testid="series-preview">
      <ColorSwatch
        color={lineColor}
        data-color={lineColor}
        size={20}
        radius="sm"
        title={t('Line colour')}
        data-testid="series-swatch"
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        {limit && <BandsStrip scale={limit} unit={unit} testId="limit-strip" />}
        <Text size="xs" c="dimmed" data-testid="series-limit">
          {limit
            ? range
              ? t('{{limit}}, normal {{range}}', { limit: nameOf(limit), range })
              : t('{{limit}}, no normal range', { limit: nameOf(limit) })
            : t('No limit')}
        </Text>
      </Stack>
    </Group>
  );
}

function SeriesRow({
  serie,
  project,
  disabled,
}: {
  serie: ColorsSerieFragment;
  project: ColorsProject;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const showError = useShowError();
  const nameOf = useDisplayName();
  const [updateSeries] = useMutation(UpdateSeriesColorsDocument);
  const save = async (input: { colorId?: number | null; limitId?: number | null }) => {
    try {
      await updateSeries({ variables: { input: { id: serie.id, ...input } } });
      toast.success(t('Saved.'));
    } catch (error) {
      showError(error);
    }
  };
  const fallback = serie.defaultLimit;
  const limits = project.limits.filter((limit) => limit.dataType === serie.dataType);
  return (
    <Paper withBorder p="sm" radius="sm" component="article" aria-label={serie.name} data-testid="colors-series">
      <Stack gap="xs">
        <Text fw={500}>{serie.name}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ColorField
            label={t('Line colour')}
            colors={project.colors}
            colorId={serie.colorId}
            shown={seriesColor({ id: serie.id, color: serie.color?.color })}
            emptyLabel={t('Palette colour')}
            disabled={disabled}
            onChange={(colorId) => void save({ colorId })}
          />
          <NativeSelect
            label={t('Limit')}
            disabled={disabled}
            value={serie.limitId === null ? '' : String(serie.limitId)}
            data={[
              {
                value: '',
                label: fallback ? t('Default ({{limit}})', { limit: nameOf(fallback) }) : t('Default (none)'),
              },
              ...limits.map((limit) => ({ value: String(limit.id), label: nameOf(limit) })),
            ]}
            onChange={(event) => void save({ limitId: idOrNull(event.currentTarget.value) })}
          />
        </SimpleGrid>
        <SeriesPreview serie={serie} />
      </Stack>
    </Paper>
  );
}

function SpaceColor({
  space,
  colors,
  disabled,
}: {
  space: ColorsProject['spaces'][number];
  colors: readonly PaletteColor[];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [updateSpace] = useMutation(UpdateSpaceColorDocument);
  return (
    <ColorField
      label={t('Colour of {{space}}', { space: space.name })}
      colors={colors}
      colorId={space.colorId}
      shown={space.color?.color ?? null}
      emptyLabel={t('No colour')}
      disabled={disabled}
      onChange={async (colorId) => {
        try {
          await updateSpace({ variables: { input: { id: space.id, colorId } } });
          toast.success(t('Saved.'));
        } catch (error) {
          showError(error);
        }
      }}
    />
  );
}

function ColorsSections({
  project,
  isAdmin,
  maySetSeries,
}: {
  project: ColorsProject;
  isAdmin: boolean;
  maySetSeries: boolean;
}) {
  const { t } = useTranslation();
  const spaceIds = new Set(project.spaces.map((space) => space.id));
  const groups = [
    ...project.spaces.map((space) => ({
      key: String(space.id),
      space,
      series: project.series.filter((serie) => serie.spaceId === space.id),
    })),
    {
      key: 'none',
      space: null,
      series: project.series.filter((serie) => serie.spaceId === null || !spaceIds.has(serie.spaceId)),
    },
  ].filter((group) => group.space || group.series.length > 0);
  return (
    <Section
      id="colors"
      title={t('Colours and limits')}
      description={t(
        "A space's colour, each series' line colour and the limit whose bands its gauge, graphs and table show.",
      )}
    >
      {groups.length === 0 && <Text c="dimmed">{t('The project has no spaces or series.')}</Text>}
      {groups.map((group) => (
        <Stack key={group.key} gap="xs" data-testid="colors-space">
          <Text fw={600}>{group.space ? group.space.name : t('Without a space')}</Text>
          {group.space && <SpaceColor space={group.space} colors={project.colors} disabled={!isAdmin} />}
          {group.series.map((serie) => (
            <SeriesRow key={serie.id} serie={serie} project={project} disabled={!maySetSeries} />
          ))}
        </Stack>
      ))}
    </Section>
  );
}

/**
 * /p/<id>/edit/colors: the colour of each space, and each series' line colour and the limit it follows, with a
 * preview. Spaces are the project admin's; series also those who may manage series (the server checks each change).
 */
export function ProjectColorsPage() {
  const edited = useEditedProject();
  const { data, loading, error } = useQuery(ProjectColorsDocument, { variables: { id: edited.id } });
  const project = data?.projectAdmin;
  const isAdmin = edited.privileges.includes('admin');
  return (
    <QueryState loading={loading} error={error} data={project}>
      {project && (
        <ColorsSections
          project={project}
          isAdmin={isAdmin}
          maySetSeries={isAdmin || edited.privileges.includes('adminSeries')}
        />
      )}
    </QueryState>
  );
}
