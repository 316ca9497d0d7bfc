import { Button, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReportElementKind, reportElementKinds } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { elementKindDescriptions, elementKindLabels } from './elementKinds.ts';

/** The six kinds of element, each added at the end of the report or inside the selected element. */
export function ElementPalette({
  selectedName,
  onAdd,
}: {
  /** The selected element's name, or null when none is selected. */
  selectedName: string | null;
  onAdd: (kind: ReportElementKind, inside: boolean) => void;
}) {
  const { t } = useTranslation();
  const [where, setWhere] = useState<'end' | 'inside'>('end');
  const inside = where === 'inside' && selectedName !== null;
  return (
    <Stack gap="xs" data-testid="element-palette">
      <Title order={2} size="h4">
        {t('Add an element')}
      </Title>
      <SegmentedControl
        size="xs"
        aria-label={t('Where new elements go')}
        value={inside ? 'inside' : 'end'}
        onChange={(value) => setWhere(value as 'end' | 'inside')}
        data={[
          { value: 'end', label: t('At the end') },
          { value: 'inside', label: t('Inside the selected'), disabled: selectedName === null },
        ]}
      />
      {inside && (
        <Text size="xs" c="dimmed">
          {t('New elements go inside {{name}}.', { name: selectedName })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {reportElementKinds.map((kind) => (
          <Stack key={kind} gap={2}>
            <Button
              variant="default"
              justify="flex-start"
              h="auto"
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
              onClick={() => onAdd(kind, inside)}
              aria-describedby={`palette-${kind}`}
            >
              {t('Add {{kind}}', { kind: t(elementKindLabels[kind]) })}
            </Button>
            <Text size="xs" c="dimmed" id={`palette-${kind}`}>
              {t(elementKindDescriptions[kind])}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
