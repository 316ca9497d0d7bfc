import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** A background job's record as its progress shows: the states the server's records share. */
export interface ProgressRow {
  id: number | string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Whole percent, 0..100. */
  percent: number;
  /** What it says: what runs and how far, that it is ready, or why it failed. */
  label: ReactNode;
  /** Beside the label: a download link once ready. */
  action?: ReactNode;
}

/** How often a list of background work is asked again while some runs, and while none does (a new one may start). */
export const runningPollMs = 2_000;
export const idlePollMs = 10_000;

/**
 * Polls a query every `runningPollMs` while some of its work is unfinished, else every
 * `idlePollMs`: progress moves a page at a time, so polling needs no subscription (decision 0087).
 */
export function usePollWhile(
  busy: boolean,
  query: { startPolling: (ms: number) => void; stopPolling: () => void },
): void {
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    startPolling(busy ? runningPollMs : idlePollMs);
    return () => stopPolling();
  }, [busy, startPolling, stopPolling]);
}

/**
 * The progress of background work (a recomputation, an export): a bar per unfinished row
 * (animated while running, red after a failed attempt) under its label, and the row's action
 * (a download) beside it, in a polite live region so that a screen reader hears "ready". Renders
 * the region alone when there is nothing to tell, so the announcement of the first row is heard.
 */
export function BackgroundProgress({
  rows,
  testId,
  barLabel,
  rowTestId,
}: {
  rows: ProgressRow[];
  /** The live region's test id. */
  testId: string;
  /** The bars' accessible name. */
  barLabel: string;
  rowTestId: string;
}) {
  return (
    <div aria-live="polite" data-testid={testId}>
      {rows.length > 0 && (
        <Paper withBorder p="sm" mb="md">
          <Stack gap="xs">
            {rows.map((row) => (
              <Stack key={row.id} gap={4} data-testid={rowTestId}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" c={row.status === 'failed' ? 'red.8' : undefined} style={{ minWidth: 0 }}>
                    {row.label}
                  </Text>
                  {row.action}
                </Group>
                {row.status !== 'done' && (
                  <Progress
                    value={row.percent}
                    color={row.status === 'failed' ? 'red' : undefined}
                    animated={row.status === 'running'}
                    aria-label={barLabel}
                  />
                )}
              </Stack>
            ))}
          </Stack>
        </Paper>
      )}
    </div>
  );
}
