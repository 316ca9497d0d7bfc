import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useUnsavedChangesPrompt } from '../navigation/useUnsavedChangesPrompt.ts';

interface DirtyForms {
  setDirty: (form: string, dirty: boolean) => void;
  markSaved: () => void;
}

const DirtyFormsContext = createContext<DirtyForms>({ setDirty: () => {}, markSaved: () => {} });

/** React Router allows one navigation blocker at a time, so a page asks once for all of its forms. */
export function DirtyFormsProvider({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<Record<string, boolean>>({});
  const markSaved = useUnsavedChangesPrompt(Object.values(dirtyForms).some(Boolean));
  const setDirty = useCallback(
    (form: string, dirty: boolean) =>
      setDirtyForms((previous) => (Boolean(previous[form]) === dirty ? previous : { ...previous, [form]: dirty })),
    [],
  );
  const value = useMemo(() => ({ setDirty, markSaved }), [setDirty, markSaved]);
  return <DirtyFormsContext.Provider value={value}>{children}</DirtyFormsContext.Provider>;
}

/**
 * Tells the page whether the form `name` has unsaved changes (a closed form has none). Returns `markSaved`, to call
 * before navigating away right after a save.
 */
export function useDirtyForm(name: string, dirty: boolean): () => void {
  const { setDirty, markSaved } = useContext(DirtyFormsContext);
  useEffect(() => setDirty(name, dirty), [name, dirty, setDirty]);
  useEffect(() => () => setDirty(name, false), [name, setDirty]);
  return markSaved;
}
