import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConfirmRequest } from './ConfirmDialog.tsx';

/**
 * The dialog of ConfirmProvider. A module of its own that loads on the first question: Mantine's Modal brings
 * ScrollArea and floating-ui, which the initial JavaScript (under 250 KB, scripts/bundle-size.mjs) cannot carry.
 */
export function ConfirmModal({
  opened,
  request,
  onAnswer,
}: {
  opened: boolean;
  request: ConfirmRequest | null;
  onAnswer: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={() => onAnswer(false)} title={t('Are you sure?')} centered>
      <Stack data-testid="confirm-dialog">
        <Text data-testid="confirm-question">{request?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(false)}>
            {t('Cancel')}
          </Button>
          <Button color={request?.destructive ? 'red' : undefined} onClick={() => onAnswer(true)} data-autofocus>
            {request?.confirmLabel ?? t('Confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
