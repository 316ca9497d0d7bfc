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

describe('translations', () => {
  it('every language has the same keys, none empty', () => {
    const keys = Object.keys(en).sort();
    for (const [language, strings] of Object.entries(locales)) {
      expect(Object.keys(strings).sort(), language).toEqual(keys);
      for (const [key, value] of Object.entries(strings)) expect(value.trim(), `${language}: ${key}`).not.toBe('');
    }
  });

  it('every literal t() key of the app is translated', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(sourceRoot)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\((['"])(.+?)\1/g)) used.add(match[2] ?? '');
    }
    expect(used.size).toBeGreaterThan(30);
    const missing = [...used].filter((key) => !(key in en));
    expect(missing).toEqual([]);
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
