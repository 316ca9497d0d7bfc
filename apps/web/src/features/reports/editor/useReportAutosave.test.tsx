// @vitest-environment jsdom

import { emptyReportContent } from '@olo/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ReportDraft, useReportAutosave } from './useReportAutosave.ts';

const initial: ReportDraft = {
  name: 'Raportti',
  content: emptyReportContent,
  dataslots: [],
  from: Date.parse('2026-03-01T00:00:00+02:00'),
  to: Date.parse('2026-04-01T00:00:00+03:00'),
  period: null,
  landscape: false,
  coverId: null,
  printtemplateId: null,
  template: false,
  summary: false,
};

describe('report autosave', () => {
  it('sends a change made during a save right after it, with the version that save gave', async () => {
    const sent: { name: string; version: number }[] = [];
    const answers: ((version: number) => void)[] = [];
    const save = (draft: ReportDraft, version: number) => {
      sent.push({ name: draft.name, version });
      return new Promise<number>((resolve) => answers.push(resolve));
    };
    const { result } = renderHook(() => useReportAutosave({ initial, version: 7, save, delayMs: 20 }));
    expect(result.current.state).toBe('saved');

    act(() => result.current.dispatch({ type: 'set', changes: { name: 'Ensimmäinen' } }));
    expect(result.current.state).toBe('unsaved');
    await waitFor(() => expect(sent).toEqual([{ name: 'Ensimmäinen', version: 7 }]));
    await waitFor(() => expect(result.current.state).toBe('saving'));

    // Changed while the first save is on its way: not sent over it, but after it.
    act(() => result.current.dispatch({ type: 'set', changes: { name: 'Toinen' } }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent).toHaveLength(1);
    await act(async () => answers[0]?.(8));
    await waitFor(() =>
      expect(sent).toEqual([
        { name: 'Ensimmäinen', version: 7 },
        { name: 'Toinen', version: 8 },
      ]),
    );
    await act(async () => answers[1]?.(9));
    await waitFor(() => expect(result.current.state).toBe('saved'));

    // A publish raised the version meanwhile: the next save goes with it.
    act(() => result.current.adoptVersion(11));
    act(() => result.current.dispatch({ type: 'set', changes: { landscape: true } }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ name: 'Toinen', version: 11 }));
  });

  it('saves nothing for a change that leaves the tree as it was', async () => {
    const sent: number[] = [];
    const { result } = renderHook(() =>
      useReportAutosave({
        initial,
        version: 1,
        save: async (_draft, version) => {
          sent.push(version);
          return version + 1;
        },
        delayMs: 20,
      }),
    );
    act(() => result.current.dispatch({ type: 'tree', action: { type: 'remove', id: 'missing' } }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent).toEqual([]);
    expect(result.current.state).toBe('saved');
  });
});
