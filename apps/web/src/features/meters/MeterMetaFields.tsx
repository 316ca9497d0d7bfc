import { Autocomplete, Button, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { meterMetaBounds } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { RemoveIcon } from '../ui/DeleteButton.tsx';

export type MeterMetaEntry = { key: string; value: string };

/** The meter's meta as form rows; a value that is not text (number, flag, object) shows as its JSON. */
export function metaEntriesOf(meta: unknown): MeterMetaEntry[] {
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return [];
  return Object.entries(meta as Record<string, unknown>).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}

type MetaForm = UseFormReturnType<{ meta: MeterMetaEntry[] } & Record<string, unknown>>;

/**
 * Key–value rows of a meter's meta (floor, wing, owner…); keys and values are suggested from what the viewer's
 * meters already have (meterMeta), so that the same key is spelt the same everywhere.
 */
export function MeterMetaFields({
  form,
  suggestions,
}: {
  form: MetaForm;
  suggestions: ReadonlyArray<{ key: string; values: readonly string[] }>;
}) {
  const { t } = useTranslation();
  const entries = form.getValues().meta;
  const fieldProps = (path: string) => {
    const props = form.getInputProps(path);
    const error = props.error ? t(String(props.error)) : undefined;
    return { ...props, error, 'aria-invalid': error ? true : undefined };
  };
  const usedKeys = new Set(entries.map((entry) => entry.key.trim()));

  return (
    <Stack gap="xs" data-testid="meter-meta">
      <Text size="sm" fw={500}>
        {t('Meta')}
      </Text>
      {entries.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('No meta. Meta entries (such as floor or wing) describe the meter.')}
        </Text>
      )}
      {entries.map((entry, index) => {
        const keyOptions = suggestions.map((item) => item.key).filter((key) => key === entry.key || !usedKeys.has(key));
        const valueOptions = suggestions.find((item) => item.key === entry.key.trim())?.values ?? [];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place; a key may be edited.
          <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
            <Autocomplete
              style={{ flex: 1, minWidth: 0 }}
              label={t('Key')}
              maxLength={meterMetaBounds.keyMax}
              data={keyOptions}
              {...fieldProps(`meta.${index}.key`)}
            />
            <Autocomplete
              style={{ flex: 1, minWidth: 0 }}
              label={t('Value')}
              maxLength={meterMetaBounds.valueMax}
              data={[...valueOptions]}
              {...fieldProps(`meta.${index}.value`)}
            />
            <RemoveIcon
              mt={26}
              size="lg"
              label={t('Remove meta {{key}}', { key: entry.key || index + 1 })}
              onClick={() => form.removeListItem('meta', index)}
            />
          </Group>
        );
      })}
      {entries.length < meterMetaBounds.entriesMax && (
        <Group>
          <Button variant="light" size="xs" onClick={() => form.insertListItem('meta', { key: '', value: '' })}>
            {t('Add meta')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
