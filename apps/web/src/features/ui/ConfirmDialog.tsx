import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmRequest {
  /** The question, a full sentence that names what happens. */
  message: string;
  /** The confirming button; "Confirm" when not given. */
  confirmLabel?: string;
  /** Red confirming button: the action deletes or cannot be undone. */
  destructive?: boolean;
}

/** Asks the user; resolves true when they confirmed, false when they cancelled or closed the dialog. */
export type Confirm = (request: ConfirmRequest | string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * One confirmation dialog for the whole app, on Mantine's `Modal` (replaces the browser's `confirm()`, which
 * ignores the app's language and theme). Mounted once around the routes; `useConfirm` asks through it.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);

  const answer = useCallback((confirmed: boolean) => {
    pending.current?.(confirmed);
    pending.current = null;
    // The text stays while the dialog fades out.
    setOpened(false);
  }, []);

  const confirm = useCallback<Confirm>((asked) => {
    // A new question while one is open cancels the earlier one.
    pending.current?.(false);
    setRequest(typeof asked === 'string' ? { message: asked } : asked);
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
    });
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal opened={opened} onClose={() => answer(false)} title={t('Are you sure?')} centered>
        <Stack data-testid="confirm-dialog">
          <Text data-testid="confirm-question">{request?.message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer(false)}>
              {t('Cancel')}
            </Button>
            <Button color={request?.destructive ? 'red' : undefined} onClick={() => answer(true)} data-autofocus>
              {request?.confirmLabel ?? t('Confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </ConfirmContext.Provider>
  );
}

/** The app's confirmation dialog (see ConfirmProvider). */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider above it');
  return confirm;
}
