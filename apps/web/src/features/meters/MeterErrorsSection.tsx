import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Code, Table, Text } from '@mantine/core';
import { truncateText } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import {
  AcknowledgeMeterSystemErrorDocument,
  type MeterSystemErrorFieldsFragment,
  MeterSystemErrorsDocument,
} from '../../graphql/generated.ts';
import { useShowError } from '../forms/useShowError.ts';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { useFormatDateTime } from '../ui/timeZone.tsx';

/** A short view of an error's details: the message when it has one, else its JSON. */
function errorDetails(data: unknown): string | null {
  if (data === null || data === undefined) return null;
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && typeof (data as Record<string, unknown>).message === 'string') {
    return (data as Record<string, string>).message ?? null;
  }
  // Longer than the default cut: the start of the JSON is what tells one error from another.
  return truncateText(JSON.stringify(data), 200);
}

function AcknowledgeButton({ error, meterId }: { error: MeterSystemErrorFieldsFragment; meterId: number }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [acknowledge, { loading }] = useMutation(AcknowledgeMeterSystemErrorDocument);
  const run = async () => {
    try {
      await acknowledge({
        variables: { id: error.id },
        // Modified in place: writing the shorter list over the cached one would read to Apollo as lost data.
        update: (cache) => {
          cache.modify({
            id: cache.identify({ __typename: 'Meter', id: meterId }),
            fields: {
              systemErrors: (existing, { readField }) =>
                Array.isArray(existing) ? existing.filter((item) => readField('id', item) !== error.id) : existing,
              // The badges count unacknowledged errors.
              errors: (existing) => {
                const counts = existing as { systemErrors?: unknown };
                return typeof counts.systemErrors === 'number'
                  ? { ...counts, systemErrors: Math.max(0, counts.systemErrors - 1) }
                  : existing;
              },
            },
          });
        },
      });
    } catch (caught) {
      showError(caught);
    }
  };
  return (
    <Button size="xs" variant="light" loading={loading} onClick={() => void run()}>
      {t('Acknowledge')}
    </Button>
  );
}

/** The meter's unacknowledged system errors (decoding failures, unknown formats); admins acknowledge them. */
export function MeterErrorsSection({ meterId, isAdmin }: { meterId: number; isAdmin: boolean }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  const { data, loading, error } = useQuery(MeterSystemErrorsDocument, {
    variables: { id: meterId },
    fetchPolicy: 'cache-and-network',
  });
  const errors = data?.meter.systemErrors;

  return (
    <Section id="meter-errors" title={t('System errors')} testId="meter-errors">
      {!errors ? (
        <QueryState loading={loading} error={error} />
      ) : errors.length === 0 ? (
        <Text c="dimmed">{t('No unacknowledged errors.')}</Text>
      ) : (
        <ResponsiveTable minWidth={560} aria-label={t('System errors')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Time')}</Table.Th>
              <Table.Th>{t('Error')}</Table.Th>
              <Table.Th>{t('Details')}</Table.Th>
              {isAdmin && <Table.Th aria-label={t('Actions')} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((item) => {
              const details = errorDetails(item.data);
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>{formatTime(item.time)}</Table.Td>
                  <Table.Td>
                    {item.name}
                    <Text size="xs" c="dimmed">
                      {item.type}
                    </Text>
                  </Table.Td>
                  <Table.Td>{details && <Code>{details}</Code>}</Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      <AcknowledgeButton error={item} meterId={meterId} />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ResponsiveTable>
      )}
    </Section>
  );
}
