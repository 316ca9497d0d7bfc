import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useDirtyForms } from './useDirtyForms.ts';

interface DirtyForms {
  setDirty: (form: string, dirty: boolean) => void;
  markSaved: () => void;
}

const DirtyFormsContext = createContext<DirtyForms>({ setDirty: () => {}, markSaved: () => {} });

/** useDirtyForms for a page whose forms sit deep in its tree: they report through context. */
export function DirtyFormsProvider({ children }: { children: ReactNode }) {
  const { setFormDirty: setDirty, markSaved } = useDirtyForms();
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
