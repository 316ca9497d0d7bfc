// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../testing/translations.ts';
import { missingTranslationsStorageKey, readMissingTranslations } from './missingTranslations.ts';

describe('missing translation rules', () => {
  beforeEach(() => localStorage.clear());

  it('translates known keys without recording anything', () => {
    const i18n = createTestI18n('fi');
    expect(i18n.t('Save')).toBe('Tallenna');
    expect(localStorage.getItem(missingTranslationsStorageKey)).toBeNull();
  });

  it('has no fallback language: a key missing in Swedish is not taken from another language', () => {
    const i18n = createTestI18n('sv');
    i18n.addResource('fi', 'translation', 'Only in Finnish', 'Vain suomeksi');
    expect(i18n.t('Only in Finnish')).toBe('Only in Finnish');
  });

  it('shows the key itself and stores it under the fixed key per language', () => {
    const i18n = createTestI18n('fi');
    expect(i18n.t('No such sentence')).toBe('No such sentence');
    const i18nSv = createTestI18n('sv');
    i18nSv.t('Another missing one');
    expect(JSON.parse(localStorage.getItem('olo.missingTranslations') ?? '{}')).toEqual({
      fi: { 'No such sentence': 'No such sentence' },
      sv: { 'Another missing one': 'Another missing one' },
    });
  });

  it('keeps earlier entries when more keys go missing', () => {
    const i18n = createTestI18n('en');
    i18n.t('First missing');
    i18n.t('Second missing');
    i18n.t('First missing');
    expect(readMissingTranslations()).toEqual({
      en: { 'First missing': 'First missing', 'Second missing': 'Second missing' },
    });
  });

  it('retries a lowercase key capitalised', () => {
    const i18n = createTestI18n('fi');
    expect(i18n.t('save')).toBe('Tallenna');
    expect(i18n.t('welcome, {{name}}!', { name: 'Anna' })).toBe('Tervetuloa, Anna!');
    expect(readMissingTranslations()).toEqual({});
  });

  it('shows and stores a lowercase key whose capitalised form is missing too', () => {
    const i18n = createTestI18n('fi');
    expect(i18n.t('unknown thing')).toBe('unknown thing');
    expect(readMissingTranslations()).toEqual({ fi: { 'unknown thing': 'unknown thing' } });
  });

  it('shows "Weather - X" as the translated word Weather and the rest', () => {
    expect(createTestI18n('fi').t('Weather - Helsinki-Vantaa')).toBe('Sää - Helsinki-Vantaa');
    expect(createTestI18n('sv').t('Weather - Turku')).toBe('Väder - Turku');
    expect(createTestI18n('en').t('Weather - Oulu')).toBe('Weather - Oulu');
    expect(readMissingTranslations()).toEqual({});
  });

  it('prefers a translation of the whole "Weather - X" key when there is one', () => {
    const i18n = createTestI18n('fi');
    i18n.addResource('fi', 'translation', 'Weather - Rain', 'Sade (sää)');
    expect(i18n.t('Weather - Rain')).toBe('Sade (sää)');
  });

  it('changes language at run time without a fallback', async () => {
    const i18n = createTestI18n('fi');
    await i18n.changeLanguage('sv');
    expect(i18n.t('Log in')).toBe('Logga in');
    await i18n.changeLanguage('en');
    expect(i18n.t('Log in')).toBe('Log in');
  });
});
