// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n.ts';
import { fetchTranslationOverrides, withOverrides } from './translationOverrides.ts';

const answer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe("the site admins' overrides at load", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the language's overrides and keeps only string texts", async () => {
    const fetcher = vi.fn(() => answer({ language: 'fi', overrides: { Save: 'Tallenna nyt', Bad: 3, '': 'x' } }));
    expect(await fetchTranslationOverrides('fi', 1000, fetcher as typeof fetch)).toEqual({ Save: 'Tallenna nyt' });
    expect(fetcher).toHaveBeenCalledWith(
      '/api/translations/fi',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('is none when the server fails, cannot be reached or is too slow', async () => {
    expect(await fetchTranslationOverrides('sv', 1000, (() => answer({ error: 'x' }, 500)) as typeof fetch)).toEqual(
      {},
    );
    expect(
      await fetchTranslationOverrides('sv', 1000, (() => Promise.reject(new Error('offline'))) as typeof fetch),
    ).toEqual({});
    const never = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as unknown as typeof fetch;
    expect(await fetchTranslationOverrides('sv', 20, never)).toEqual({});
  });

  it('an override replaces the shipped text; the rest stay', () => {
    expect(withOverrides({ Save: 'Tallenna', Cancel: 'Peruuta' }, { Save: 'Tallenna nyt' })).toEqual({
      Save: 'Tallenna nyt',
      Cancel: 'Peruuta',
    });
  });

  it('the app shows the overridden text in place of the shipped one from its first render', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer({ language: 'fi', overrides: { Save: 'Tallenna muutokset' } })),
    );
    const { i18n, ready } = createI18n('fi');
    await ready;
    expect(i18n.t('Save')).toBe('Tallenna muutokset');
    expect(i18n.t('Cancel')).toBe('Peruuta');
  });
});
