import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportSaveState } from './useReportAutosave.ts';

const looks: Record<ReportSaveState, { color: string; label: string }> = {
  saved: { color: 'green', label: 'Saved' },
  unsaved: { color: 'orange', label: 'Unsaved changes' },
  saving: { color: 'blue', label: 'Saving…' },
  failed: { color: 'red', label: 'Not saved' },
  conflict: { color: 'red', label: 'Not saved: changed elsewhere' },
};

/** Whether the report's changes are on the server, in a polite live region; a failed save offers to try again. */
export function SaveIndicator({ state, onRetry }: { state: ReportSaveState; onRetry: () => void }) {
  const { t } = useTranslation();
  const look = looks[state];
  return (
    <Group gap="xs" wrap="nowrap">
      <output aria-live="polite" data-testid="save-state" data-state={state}>
        <Badge color={look.color} variant="light" size="lg" tt="none">
          {t(look.label)}
        </Badge>
      </output>
      {state === 'failed' && (
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          {t('Try again')}
        </Button>
      )}
    </Group>
  );
}
