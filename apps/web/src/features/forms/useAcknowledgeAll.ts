import { useState } from 'react';
import { toast } from 'react-toastify';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { useShowError } from './useShowError.ts';

/**
 * The "Acknowledge all" button's action: asks `question` first when given, runs `acknowledge` (which answers the toast
 * of its success), and shows a failure as a toast. `acknowledging` is true while it runs, for the button's spinner.
 */
export function useAcknowledgeAll(acknowledge: () => Promise<string>, question?: () => string) {
  const ask = useConfirm();
  const showError = useShowError();
  const [acknowledging, setAcknowledging] = useState(false);
  const acknowledgeAll = async () => {
    if (question && !(await ask(question()))) return;
    setAcknowledging(true);
    try {
      toast.success(await acknowledge());
    } catch (caught) {
      showError(caught);
    } finally {
      setAcknowledging(false);
    }
  };
  return { acknowledging, acknowledgeAll: () => void acknowledgeAll() };
}
