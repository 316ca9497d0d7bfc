import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  type HelpDocumentListFieldsFragment,
  HelpDocumentsDocument,
  SearchHelpDocumentsDocument,
} from '../../graphql/generated.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { HelpEditor } from './HelpEditor.tsx';
import { helpHref } from './helpLinks.ts';
import { useHelpWritePlaces } from './useHelpWritePlaces.ts';

type Listed = HelpDocumentListFieldsFragment;

/** One document in a list: its name as a link, a draft marked, and what a search found in it. */
function HelpListItem({ document, href, excerpt }: { document: Listed; href: string; excerpt?: string }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="sm" data-testid="help-document-item">
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={href} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {document.name}
        </Anchor>
        {!document.published && (
          <Badge color="gray" variant="light">
            {t('Draft')}
          </Badge>
        )}
      </Group>
      {excerpt && (
        <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {excerpt}
        </Text>
      )}
    </Paper>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

function SearchResults({ text, listed }: { text: string; listed: readonly Listed[] }) {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(SearchHelpDocumentsDocument, {
    variables: { text, language: i18n.language as Listed['language'] },
  });
  const matches = data?.searchDocuments ?? [];
  return (
    <QueryState loading={loading} error={error} data={data}>
      <Stack gap="xs" data-testid="help-search-results">
        <Text role="status" c="dimmed">
          {t('Help documents found: {{number}}', { number: matches.length })}
        </Text>
        <Stack component="ul" gap="xs" style={listStyle} aria-label={t('Search results')}>
          {matches.map((match) => (
            <HelpListItem
              key={match.document.id}
              document={match.document}
              href={helpHref(match.document, listed, i18n.language)}
              excerpt={match.excerpt}
            />
          ))}
        </Stack>
      </Stack>
    </QueryState>
  );
}

/**
 * /help: the help documents the user may read in their language (or written for every language), in order, with a
 * search over their text; those who may write documents somewhere also get "New help document" and see their drafts.
 */
export function HelpPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const places = useHelpWritePlaces();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [writing, setWriting] = useState(false);
  const { data, loading, error } = useQuery(HelpDocumentsDocument, {
    variables: { language: i18n.language as Listed['language'] },
    fetchPolicy: 'cache-and-network',
  });
  const documents = data?.documents ?? [];
  const setSearch = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value.trim()) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <DirtyFormsProvider>
      <Container size="md">
        <PageHeader
          title={t('Help')}
          description={t('Guides to the service and its screens.')}
          actions={
            places.any && !writing ? <Button onClick={() => setWriting(true)}>{t('New help document')}</Button> : null
          }
        />
        {writing ? (
          <HelpEditor
            places={places}
            onDone={(saved) => {
              setWriting(false);
              if (saved) void navigate(`/help/${saved.id}`);
            }}
          />
        ) : (
          <Stack>
            <SearchBox value={search} onChange={setSearch} placeholder={t('Words in the help texts')} />
            {search.trim() ? (
              <SearchResults text={search} listed={documents} />
            ) : (
              <QueryState loading={loading} error={error} data={data}>
                {documents.length === 0 ? (
                  <EmptyState testId="help-empty" title={t('No help documents yet.')} />
                ) : (
                  <Stack component="ul" gap="xs" style={listStyle} aria-label={t('Help documents')}>
                    {documents.map((document) => (
                      <HelpListItem
                        key={document.id}
                        document={document}
                        href={helpHref(document, documents, i18n.language)}
                      />
                    ))}
                  </Stack>
                )}
              </QueryState>
            )}
          </Stack>
        )}
      </Container>
    </DirtyFormsProvider>
  );
}
