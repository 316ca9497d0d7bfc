import type { ApolloCache, Reference } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Code, Collapse, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AcknowledgeSystemErrorDocument,
  type SystemErrorFieldsFragment,
  SystemErrorsDocument,
} from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { useAcknowledgeAll } from '../forms/useAcknowledgeAll.ts';
import { useShowError } from '../forms/useShowError.ts';
import { QueryState } from '../ui/QueryState.tsx';

/** New errors show up while the page is open. */
const pollIntervalMs = 30_000;

/** Takes an acknowledged error off the cached list, so that it leaves the page at once. */
function dropFromList(cache: ApolloCache, id: number): void {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      systemErrors: (existing: readonly Reference[] = [], { readField }) =>
        existing.filter((entry) => readField('id', entry) !== id),
    },
  });
}

function SystemErrorItem({ error }: { error: SystemErrorFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const showError = useShowError();
  const [open, setOpen] = useState(false);
  const [acknowledge, { loading }] = useMutation(AcknowledgeSystemErrorDocument, {
    update: (cache) => dropFromList(cache, error.id),
  });
  const hasData = error.data !== null && error.data !== undefined;
  const dataId = `system-error-data-${error.id}`;

  return (
    <Paper withBorder p="sm" data-testid="system-error" component="article" aria-label={error.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {error.name}
            </Text>
            <Text size="sm" c="dimmed">
              <time dateTime={error.time}>{new Date(error.time).toLocaleString(i18n.language)}</time> · {error.type}
              {error.computer &&
                ` · ${t('Recorded by {{name}} ({{hostname}})', { name: error.computer.name, hostname: error.computer.hostname })}`}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {hasData && (
              <Button
                size="xs"
                variant="subtle"
                aria-expanded={open}
                aria-controls={dataId}
                onClick={() => setOpen((value) => !value)}
              >
                {open ? t('Hide data') : t('Show data')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              loading={loading}
              aria-label={t('Acknowledge {{name}}', { name: error.name })}
              onClick={() => void acknowledge({ variables: { id: error.id } }).catch(showError)}
            >
              {t('Acknowledge')}
            </Button>
          </Group>
        </Group>
        {hasData && (
          <Collapse expanded={open} id={dataId}>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(error.data, null, 2)}
            </Code>
          </Collapse>
        )}
      </Stack>
    </Paper>
  );
}

function SystemErrorList() {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(SystemErrorsDocument, {
    fetchPolicy: 'cache-and-network',
    pollInterval: pollIntervalMs,
  });
  const [acknowledge] = useMutation(AcknowledgeSystemErrorDocument);
  const errors = data?.systemErrors ?? [];
  const { acknowledging, acknowledgeAll } = useAcknowledgeAll(
    async () => {
      // One at a time, so that those done leave the list even when a later one fails.
      for (const item of errors) {
        await acknowledge({ variables: { id: item.id }, update: (cache) => dropFromList(cache, item.id) });
      }
      return t('All errors acknowledged.');
    },
    () => t('Acknowledge all errors ({{number}})?', { number: errors.length }),
  );

  return (
    <QueryState loading={loading} error={error} data={data}>
      <Stack data-testid="system-errors">
        <Group justify="space-between">
          <Text c="dimmed">{t('Unacknowledged errors: {{number}}', { number: errors.length })}</Text>
          {errors.length > 0 && (
            <Button variant="light" loading={acknowledging} onClick={acknowledgeAll}>
              {t('Acknowledge all')}
            </Button>
          )}
        </Group>
        {errors.length === 0 ? (
          <Text data-testid="system-errors-empty">{t('No unacknowledged system errors.')}</Text>
        ) : (
          errors.map((item) => <SystemErrorItem key={item.id} error={item} />)
        )}
      </Stack>
    </QueryState>
  );
}

/** What a user who is not a site admin needs to know: these are the site's errors, and where their own meters' are. */
function NotForSiteAdminsOnly() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" title={t('For site administrators')} data-testid="system-errors-admins-only">
      <Text>{t('This page lists errors of the whole service, which its administrators handle.')}</Text>
      <Text>
        {t('Errors of your own meters are shown on each meter’s page:')}{' '}
        <Anchor component={Link} to="/meters">
          {t('Meters')}
        </Anchor>
      </Text>
    </Alert>
  );
}

/** /errors: unacknowledged errors that belong to no meter (unknown meters, bad uplinks); site admins only. */
export function SystemErrorsPage() {
  const { t } = useTranslation();
  const { currentUser } = useCurrentUser();
  return (
    <Container size="lg">
      <Stack>
        <Title order={1}>{t('System errors')}</Title>
        {currentUser?.isAdmin ? <SystemErrorList /> : <NotForSiteAdminsOnly />}
      </Stack>
    </Container>
  );
}
