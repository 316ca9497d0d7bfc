import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { errorText } from './errorText.ts';

/** Shows a failed action that has no form of its own (a switch, a checkbox, a button) as a translated toast. */
export function useShowError(): (error: unknown) => void {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      toast.error(errorText(error, t));
    },
    [t],
  );
}

/**
 * Runs an action once the user has confirmed `question`; a toast says `done` when it succeeded, or the translated
 * error when it failed (`failed`'s text where the caller knows its errors better, e.g. a limit in use names its users).
 */
export function useConfirmedAction(): (
  question: string,
  action: () => Promise<unknown>,
  done: string,
  failed?: (error: unknown) => string,
) => void {
  const showError = useShowError();
  const ask = useConfirm();
  return useCallback(
    (question, action, done, failed) => {
      void ask(question).then((confirmed) => {
        if (!confirmed) return;
        action()
          .then(() => toast.success(done))
          .catch(failed ? (error: unknown) => toast.error(failed(error)) : showError);
      });
    },
    [ask, showError],
  );
}
