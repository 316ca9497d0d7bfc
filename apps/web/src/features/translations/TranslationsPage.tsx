import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Language, languages } from '@olo/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslationOverridesDocument } from '../../graphql/generated.ts';
import { loadShippedTranslations } from '../i18n/i18n.ts';
import { languageNames } from '../i18n/LanguagePicker.tsx';
import { clearMissingTranslations, readMissingTranslations } from '../i18n/missingTranslations.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { TranslationEditor } from './TranslationEditor.tsx';
import {
  filterTranslationRows,
  overridesByLanguage,
  type ShippedTexts,
  type TranslationFilter,
  type TranslationRow,
  translationRows,
  translationsPageSize,
} from './translationRows.ts';

/** Every language's shipped texts (three chunks, loaded only by this screen and the languages in use). */
function useShippedTexts(): ShippedTexts | null {
  const [shipped, setShipped] = useState<ShippedTexts | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all(languages.map(loadShippedTranslations)).then(([fi = {}, sv = {}, en = {}]) => {
      if (current) setShipped({ fi, sv, en });
    });
    return () => {
      current = false;
    };
  }, []);
  return shipped;
}

/** One language's text of a key: the override when there is one, marked, else the shipped text, else "Missing". */
function LanguageText({
  row,
  language,
  onEdit,
}: {
  row: TranslationRow;
  language: Language;
  /** None for a key the app does not ship, which the server would refuse. */
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  const override = row.override[language];
  const text = override ?? row.shipped[language];
  return (
    <Stack gap={4} data-testid={`translation-${language}`}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap={6}>
          <Text size="xs" fw={700} c="dimmed">
            {languageNames[language]}
          </Text>
          {override !== undefined && (
            <Badge size="xs" color="blue" variant="light">
              {t('Override')}
            </Badge>
          )}
          {row.missing.includes(language) && (
            <Badge size="xs" color="red" variant="light">
              {t('No text')}
            </Badge>
          )}
          {row.recordedMissing.includes(language) && (
            <Badge size="xs" color="orange" variant="light">
              {t('Missing in this browser')}
            </Badge>
          )}
        </Group>
        {onEdit && (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={onEdit}
            aria-label={t('Edit the {{language}} text of "{{key}}"', {
              language: languageNames[language],
              key: row.key,
            })}
          >
            {t('Edit')}
          </Button>
        )}
      </Group>
      <Text size="sm" lang={language} style={{ overflowWrap: 'anywhere' }} c={text ? undefined : 'dimmed'}>
        {text ?? row.key}
      </Text>
    </Stack>
  );
}

function TranslationCard({ row, onEdit }: { row: TranslationRow; onEdit: (language: Language) => void }) {
  const { t } = useTranslation();
  // A key recorded missing that no language ships: the code uses a text the locale files lack.
  const shipped = Object.keys(row.shipped).length > 0;
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="translation-row">
      <Stack gap="xs">
        <Text size="xs" ff="monospace" lang="en" style={{ overflowWrap: 'anywhere' }}>
          {row.key}
        </Text>
        {!shipped && (
          <Text size="xs" c="red.8">
            {t('Not a text of the app')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {languages.map((language) => (
            <LanguageText
              key={language}
              row={row}
              language={language}
              onEdit={shipped ? () => onEdit(language) : undefined}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** /admin/translations: every UI text in Finnish, Swedish and English, and the site's overrides of them. */
export function TranslationsPage() {
  const { t, i18n } = useTranslation();
  const shipped = useShippedTexts();
  const { data, loading, error } = useQuery(TranslationOverridesDocument);
  const [recorded, setRecorded] = useState(readMissingTranslations);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput, 200);
  const [filter, setFilter] = useState<TranslationFilter>('all');
  const [page, setPage] = useState(1);
  const [edited, setEdited] = useState<{ key: string; language: Language } | null>(null);

  const overrides = useMemo(() => overridesByLanguage(data?.translationOverrides ?? []), [data]);
  const rows = useMemo(
    () => (shipped ? translationRows(shipped, overrides, recorded) : []),
    [shipped, overrides, recorded],
  );
  const shown = useMemo(() => filterTranslationRows(rows, search, filter), [rows, search, filter]);
  const pages = Math.max(1, Math.ceil(shown.length / translationsPageSize));
  const current = Math.min(page, pages);
  const pageRows = shown.slice((current - 1) * translationsPageSize, current * translationsPageSize);
  const editedRow = edited && rows.find((row) => row.key === edited.key);

  const counts = {
    overridden: data?.translationOverrides.length ?? 0,
    missing: rows.filter((row) => row.missing.length > 0).length,
    recorded: rows.filter((row) => row.recordedMissing.length > 0).length,
  };

  return (
    <Container size="lg">
      <Stack>
        <Title order={1}>{t('Translations')}</Title>
        <QueryState loading={loading || !shipped} error={error} data={shipped && data}>
          <Text data-testid="translations-status" role="status">
            {t('{{keys}} texts, {{overridden}} overridden, {{missing}} missing in some language.', {
              keys: rows.length.toLocaleString(i18n.language),
              overridden: counts.overridden,
              missing: counts.missing,
            })}{' '}
            {t('This browser recorded {{recorded}} missing.', { recorded: counts.recorded })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('An override shows to every user from their next load; restoring the shipped text removes it.')}
          </Text>
          <Group align="flex-end">
            <TextInput
              type="search"
              label={t('Search')}
              placeholder={t('Key or text in any language')}
              value={searchInput}
              onChange={(event) => {
                setSearchInput(event.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: 1, minWidth: 200 }}
            />
            <NativeSelect
              label={t('Show')}
              value={filter}
              onChange={(event) => {
                setFilter(event.currentTarget.value as TranslationFilter);
                setPage(1);
              }}
              data={[
                { value: 'all', label: t('All') },
                { value: 'missing', label: t('No text') },
                { value: 'overridden', label: t('Overridden') },
                { value: 'recorded', label: t('Missing in this browser') },
              ]}
            />
            {counts.recorded > 0 && (
              <Button
                variant="default"
                onClick={() => {
                  clearMissingTranslations();
                  setRecorded({});
                }}
              >
                {t('Clear the keys recorded missing')}
              </Button>
            )}
          </Group>
          <Text size="sm" data-testid="translations-shown">
            {t('{{number}} shown', { number: shown.length })}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('Texts')}>
            {pageRows.map((row) => (
              <TranslationCard key={row.key} row={row} onEdit={(language) => setEdited({ key: row.key, language })} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={current}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? t('Previous page') : t('Next page'),
              })}
              getItemProps={(item) => ({ 'aria-label': t('Page {{page}}', { page: item }) })}
            />
          )}
        </QueryState>
      </Stack>
      {edited && editedRow && (
        <TranslationEditor edited={{ row: editedRow, language: edited.language }} onClose={() => setEdited(null)} />
      )}
    </Container>
  );
}
