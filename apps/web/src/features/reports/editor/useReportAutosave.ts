import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { type ReportPeriod, reportErrors } from '@olo/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ReportBody } from '../document/reportScope.ts';
import { type ReportTreeAction, reportTreeReducer } from './reportTree.ts';

/** What the editor changes and saves of a report (publishing has its own mutations). */
export interface ReportDraft extends ReportBody {
  /** A rolling period; then `from`–`to` are the fixed range it returns to when cleared. */
  period: ReportPeriod | null;
  coverId: number | null;
  printtemplateId: number | null;
  template: boolean;
  summary: boolean;
}

export type ReportDraftAction =
  | { type: 'tree'; action: ReportTreeAction }
  | { type: 'set'; changes: Partial<Omit<ReportDraft, 'content'>> }
  | { type: 'reset'; draft: ReportDraft };

export function reportDraftReducer(draft: ReportDraft, action: ReportDraftAction): ReportDraft {
  switch (action.type) {
    case 'tree': {
      const elements = reportTreeReducer(draft.content.elements, action.action);
      return elements === draft.content.elements ? draft : { ...draft, content: { ...draft.content, elements } };
    }
    case 'set':
      return { ...draft, ...action.changes };
    case 'reset':
      return action.draft;
  }
}

/**
 * `saved`: the server holds the draft; `unsaved`: a change waits for its save; `saving`; `failed`: the last save
 * did not go through (retry, or the next change tries again); `conflict`: someone saved the report meanwhile, so
 * the editor stops saving until it is reloaded.
 */
export type ReportSaveState = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict';

export function isReportConflict(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.message === reportErrors.changedElsewhere || item.extensions?.code === 'CONFLICT')
  );
}

/** Milliseconds after the last change before the draft is saved. */
export const autosaveDelayMs = 1500;

/**
 * The report being edited and its saving: each change is saved `autosaveDelayMs` after the last one, with the
 * version the editor last had, so that a save over someone else's newer one is refused rather than losing it.
 * `save` sends the draft and gives the report's new version.
 */
export function useReportAutosave({
  initial,
  version: initialVersion,
  save,
  delayMs = autosaveDelayMs,
}: {
  initial: ReportDraft;
  version: number;
  save: (draft: ReportDraft, version: number) => Promise<number>;
  delayMs?: number;
}) {
  const [draft, dispatch] = useReducer(reportDraftReducer, initial);
  const [state, setState] = useState<ReportSaveState>('saved');
  const [error, setError] = useState<unknown>(null);
  const version = useRef(initialVersion);
  const held = useRef(initial);
  const latest = useRef(draft);
  latest.current = draft;
  const saveRef = useRef(save);
  saveRef.current = save;
  const saving = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const run = useCallback(async function runSave(): Promise<void> {
    if (saving.current || stopped.current) return;
    const sending = latest.current;
    if (sending === held.current) {
      setState('saved');
      return;
    }
    saving.current = true;
    setState('saving');
    try {
      version.current = await saveRef.current(sending, version.current);
      held.current = sending;
      saving.current = false;
      setError(null);
      if (latest.current === sending) setState('saved');
      else void runSave();
    } catch (failure) {
      saving.current = false;
      setError(failure);
      if (isReportConflict(failure)) {
        stopped.current = true;
        setState('conflict');
      } else {
        setState('failed');
      }
    }
  }, []);

  useEffect(() => {
    if (draft === held.current || stopped.current) return;
    setState((current) => (current === 'saving' ? current : 'unsaved'));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(), delayMs);
  }, [draft, delayMs, run]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Saves now: the retry after a failure. */
  const retry = useCallback(() => void run(), [run]);

  /** A version the server gave another way (publishing), so that the next save is not taken for a stale one. */
  const adoptVersion = useCallback((next: number) => {
    version.current = Math.max(version.current, next);
  }, []);

  /** Starts again from the report as the server now holds it (after a conflict). */
  const reload = useCallback((next: ReportDraft, nextVersion: number) => {
    if (timer.current) clearTimeout(timer.current);
    held.current = next;
    version.current = nextVersion;
    stopped.current = false;
    setError(null);
    setState('saved');
    dispatch({ type: 'reset', draft: next });
  }, []);

  return { draft, dispatch, state, error, retry, adoptVersion, reload };
}
