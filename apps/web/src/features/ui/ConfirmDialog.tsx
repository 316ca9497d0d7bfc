import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useRef, useState } from 'react';

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

// Loaded on the first question, not with the app (see ConfirmModal).
const ConfirmModal = lazy(() => import('./ConfirmModal.tsx').then((module) => ({ default: module.ConfirmModal })));

/**
 * One confirmation dialog for the whole app, on Mantine's `Modal` (replaces the browser's `confirm()`, which
 * ignores the app's language and theme). Mounted once around the routes; `useConfirm` asks through it. The dialog
 * itself loads on the first question and then stays mounted, so that it can fade out.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
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
      {request && (
        <Suspense fallback={null}>
          <ConfirmModal opened={opened} request={request} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** The app's confirmation dialog (see ConfirmProvider). */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider above it');
  return confirm;
}
