import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../ui/ConfirmDialog.tsx';

/**
 * Asks before leaving a form with unsaved changes, both inside the app and when closing or reloading the tab.
 * Returns `markSaved`, to call before navigating away right after a successful save.
 */
export function useUnsavedChangesPrompt(dirty: boolean): () => void {
  const { t } = useTranslation();
  // Read when a navigation starts, which can be before React re-renders with the saved state.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const ask = useConfirm();
  // The blocker changes identity on every render; the question is asked once per blocked navigation.
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    void ask(t('Do you really want to leave? You have unsaved changes!')).then((leave) =>
      leave ? blockerRef.current.proceed?.() : blockerRef.current.reset?.(),
    );
  }, [ask, blocked, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return useCallback(() => {
    dirtyRef.current = false;
  }, []);
}
