import { Box, List, Stack, Text } from '@mantine/core';
import type { DataResult } from '@olo/data-engine';
import {
  formatMeasurement,
  isRoomMeasurement,
  type ReportElementOf,
  type ReportImageTourImage,
  unitLabel,
} from '@olo/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesUnit } from '../../data-slots/chartGroups.ts';
import { useMeasurementLabel } from '../../ui/useMeasurementLabel.ts';
import { DataElementFrame, ViewLine } from './DataElementFrame.tsx';
import type { ReportScope, ReportSpaceInfo } from './reportScope.ts';
import { useElementView, useReportData } from './useReportData.ts';

type Pin = ReportImageTourImage['pins'][number];

/** The space a pin stands for: the repeated space for `current`, else the named one of the project (by id, then by name). */
function pinSpace(pin: Pin, scope: ReportScope): ReportSpaceInfo | null {
  if (pin.space.kind === 'current') return scope.currentSpace;
  const { id, name } = pin.space;
  return (
    scope.context.spaces.find((space) => space.id === id) ??
    scope.context.spaces.find((space) => space.name === name) ??
    null
  );
}

/** A space's values over the view: per series its mean, and its lowest and highest reading for the list. */
interface SpaceValues {
  short: string;
  long: string;
}

function useSpaceValues(result: DataResult | null, ready: boolean) {
  const { t, i18n } = useTranslation();
  const typeLabel = useMeasurementLabel();
  const locale = i18n.language;
  return (spaceId: number): SpaceValues => {
    const items = (ready && result ? result.series : []).filter(
      (item) => item.series.spaceId === spaceId && item.stats !== null && item.series.dataType !== 'ignore',
    );
    if (items.length === 0) return { short: '–', long: t('Timespan has no data.') };
    const parts = items.map(({ series, stats }) => {
      const unit = unitLabel(seriesUnit(series), locale);
      const format = (value: number | undefined) => {
        const text = formatMeasurement(value, series.dataType, locale);
        return unit ? `${text} ${unit}` : text;
      };
      return {
        short: format(stats?.avg),
        long: t('{{type}}: average {{avg}}, lowest {{min}}, highest {{max}}', {
          type: typeLabel(series.dataType),
          avg: format(stats?.avg),
          min: format(stats?.min),
          max: format(stats?.max),
        }),
      };
    });
    return { short: parts.map((part) => part.short).join(' · '), long: parts.map((part) => part.long).join('; ') };
  };
}

/**
 * Photos or floor plans with captions, each with spaces pinned on it, every pin labelled with its space's mean values
 * over the element's view. The same summaries are listed under each image as text, for screen readers and print
 * (the labels on the image are hidden from assistive technology). Ready once the values and every image have come.
 */
export function ImageTourElement({ element, scope }: { element: ReportElementOf<'imageTour'>; scope: ReportScope }) {
  const { t } = useTranslation();
  const { view } = useElementView(scope, element);
  const pinned = element.images.map((image) => image.pins.map((pin) => pinSpace(pin, scope)));
  const spaceIds = [...new Set(pinned.flat().flatMap((space) => (space ? [space.id] : [])))];
  const spaceKey = spaceIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `spaceKey` stands for the pinned spaces.
  const seriesIds = useMemo(
    () =>
      scope.context.series
        .filter((item) => item.spaceId !== null && spaceIds.includes(item.spaceId) && isRoomMeasurement(item.dataType))
        .map((item) => item.id),
    [spaceKey, scope.context.series],
  );
  const { result, ready } = useReportData(scope, view, seriesIds);
  const valuesOf = useSpaceValues(result, ready);
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const settle = (key: string) => setSettled((known) => (known.has(key) ? known : new Set([...known, key])));
  const imageKeys = element.images.map((image, index) => `${index}:${image.attachmentId}`);
  const imagesDone = imageKeys.every((key) => settled.has(key));
  return (
    <DataElementFrame kind="imageTour" title={element.title} ready={ready && imagesDone}>
      {spaceIds.length > 0 && <ViewLine view={view} timeZone={scope.context.timeZone} />}
      {element.images.map((image, index) => {
        const key = imageKeys[index] as string;
        const spaces = pinned[index] ?? [];
        return (
          <Box component="figure" m={0} key={key} data-testid="report-tour-image">
            <Box pos="relative" style={{ overflow: 'hidden' }}>
              <img
                src={scope.sources.attachmentUrl(image.attachmentId)}
                alt={image.caption || t('Image {{n}}', { n: index + 1 })}
                style={{ display: 'block', width: '100%', height: 'auto' }}
                onLoad={() => settle(key)}
                onError={() => settle(key)}
              />
              {image.pins.map((pin, pinIndex) => {
                const space = spaces[pinIndex];
                if (!space) return null;
                return (
                  <Box
                    // biome-ignore lint/suspicious/noArrayIndexKey: pins have no id; their order is their identity.
                    key={pinIndex}
                    aria-hidden
                    data-testid="report-tour-pin"
                    pos="absolute"
                    style={{
                      left: `${pin.x * 100}%`,
                      top: `${pin.y * 100}%`,
                      // Shifted by as much of its own size as the pin lies across the image, so a label near an
                      // edge stays inside the picture (and inside the printed page's margin) instead of being clipped.
                      transform: `translate(-${pin.x * 100}%, -${pin.y * 100}%)`,
                      background: 'rgba(255, 255, 255, 0.92)',
                      border: '2px solid #1c7ed6',
                      borderRadius: 6,
                      padding: '1px 6px',
                      fontSize: 12,
                      lineHeight: 1.4,
                      color: '#212529',
                      maxWidth: '45%',
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    <strong>{pinIndex + 1}</strong> {space.name}: {valuesOf(space.id).short}
                  </Box>
                );
              })}
            </Box>
            <Stack gap={4} component="figcaption" mt={4}>
              {image.caption && <Text size="sm">{image.caption}</Text>}
              {image.pins.length > 0 && (
                // Markers inside the box: an outside "1." would print past the page margin.
                <List
                  type="ordered"
                  size="sm"
                  spacing={2}
                  style={{ listStylePosition: 'inside' }}
                  data-testid="report-tour-list"
                >
                  {image.pins.map((_pin, pinIndex) => {
                    const space = spaces[pinIndex];
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: pins have no id; their order is their identity.
                      <List.Item key={pinIndex}>
                        {space
                          ? `${space.name}: ${ready ? valuesOf(space.id).long : t('Loading')}`
                          : t('No such space in this project.')}
                      </List.Item>
                    );
                  })}
                </List>
              )}
            </Stack>
          </Box>
        );
      })}
    </DataElementFrame>
  );
}
