import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  accountErrors,
  alarmErrors,
  documentErrors,
  meterErrors,
  printTemplateErrors,
  reportErrors,
  tenancyErrors,
  translationErrors,
  weatherErrors,
} from '@olo/shared';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import fi from './locales/fi.json';
import sv from './locales/sv.json';
import { errorMessageKey } from './serverErrors.ts';

const locales: Record<string, Record<string, string>> = { fi, sv, en };
const sourceRoot = join(import.meta.dirname, '..', '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The literal keys of t() calls (i18n.t too), over line breaks, in quotes or backquotes without `${}`: what the app
 * shows must have a text in every language. Keys passed in variables (a table's titles, say) are checked where the
 * table is tested.
 */
const literalKey = /\bt\(\s*(?:(['"])((?:\\.|(?!\1).)*?)\1|`([^`$]*)`)\s*[,)]/gs;

function keysIn(source: string): Set<string> {
  const keys = new Set<string>();
  for (const match of source.matchAll(literalKey)) {
    const key = match[2] ?? match[3] ?? '';
    // Quotes escaped in the source are plain in the locale files.
    keys.add(match[2] === undefined ? key : key.replace(/\\(['"\\])/g, '$1'));
  }
  return keys;
}

function literalKeysOfTheApp(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(sourceRoot)) for (const key of keysIn(readFileSync(file, 'utf8'))) keys.add(key);
  return keys;
}

describe('translations', () => {
  it('every language has the same keys, none empty', () => {
    const keys = Object.keys(en).sort();
    for (const [language, strings] of Object.entries(locales)) {
      expect(Object.keys(strings).sort(), language).toEqual(keys);
      for (const [key, value] of Object.entries(strings)) expect(value.trim(), `${language}: ${key}`).not.toBe('');
    }
  });

  it('every literal t() key of the app has a text in Finnish, Swedish and English', () => {
    const used = literalKeysOfTheApp();
    expect(used.size).toBeGreaterThan(1000);
    for (const [language, strings] of Object.entries(locales)) {
      const missing = [...used].filter((key) => !strings[key]?.trim());
      expect(missing, language).toEqual([]);
    }
  });

  it('finds the keys of t() calls written over several lines and in backquotes', () => {
    const interpolated = ['t(`Weather - ', '$', '{name}`)'].join('');
    const source = `t(\n  'Save',\n)\ni18n.t(\`Cancel\`, { lng })\nt('Log in')\n${interpolated}\nformat('no')`;
    expect([...keysIn(source)]).toEqual(['Save', 'Cancel', 'Log in']);
  });

  it('server account, tenancy, meter, alarm and report errors and the shared validation messages are translated', () => {
    const messages = [
      ...Object.values(accountErrors).map(errorMessageKey),
      ...Object.values(meterErrors),
      ...Object.values(alarmErrors),
      ...Object.values(printTemplateErrors),
      ...Object.values(reportErrors),
      ...Object.values(tenancyErrors).map(errorMessageKey),
      ...Object.values(weatherErrors),
      ...Object.values(translationErrors),
      ...Object.values(documentErrors),
      'Give both coordinates',
      'Invalid coordinates',
      'Required',
      'Too long',
      'Too short',
      'Invalid email',
      'Password is too short',
      'Username may contain letters, digits and . _ @ + -',
    ];
    for (const message of messages) expect(Object.keys(en)).toContain(message);
    expect(errorMessageKey(accountErrors.duplicateEmail)).toBe('Duplicate email');
    expect(errorMessageKey(accountErrors.duplicateUsername)).toBe('Duplicate username');
  });

  it('Swedish and Finnish are real translations, not copies of the English key', () => {
    const same = (strings: Record<string, string>) => Object.entries(strings).filter(([key, value]) => key === value);
    expect(same(fi).length).toBe(0);
    expect(same(sv).length).toBe(0);
  });
});
