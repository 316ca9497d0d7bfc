import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';

/** Shows a failed action that has no form of its own (a switch, a checkbox, a button) as a translated toast. */
export function useShowError(): (error: unknown) => void {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const { fields, general } = formErrorsFromServer(error);
      toast.error([...general, ...Object.values(fields)].map((message) => t(message)).join(' '));
    },
    [t],
  );
}
