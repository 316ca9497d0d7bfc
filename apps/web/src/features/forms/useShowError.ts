import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
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
