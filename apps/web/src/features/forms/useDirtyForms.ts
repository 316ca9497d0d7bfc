import { useCallback, useState } from 'react';
import { useUnsavedChangesPrompt } from '../navigation/useUnsavedChangesPrompt.ts';

/** Sets whether one of a screen's forms, by a name of the screen's choosing, has unsaved changes. */
export type SetFormDirty = (form: string, dirty: boolean) => void;

/** Tells the screen whether one form, which the screen has named already, has unsaved changes. */
export type DirtyChangeHandler = (dirty: boolean) => void;

/**
 * The unsaved-changes prompt of a screen with several forms: React Router allows one navigation blocker at a time,
 * so the screen asks once for all of them.
 */
export function useDirtyForms(): { setFormDirty: SetFormDirty; markSaved: () => void } {
  const [dirtyForms, setDirtyForms] = useState<Record<string, boolean>>({});
  const markSaved = useUnsavedChangesPrompt(Object.values(dirtyForms).some(Boolean));
  const setFormDirty = useCallback<SetFormDirty>(
    (form, dirty) =>
      setDirtyForms((previous) => (Boolean(previous[form]) === dirty ? previous : { ...previous, [form]: dirty })),
    [],
  );
  return { setFormDirty, markSaved };
}
