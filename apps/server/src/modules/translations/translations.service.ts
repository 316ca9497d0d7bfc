import crypto from 'node:crypto';
import {
  type Language,
  type SetTranslationOverrideInput,
  translationErrors,
  translationPlaceholders,
} from '@olo/shared';
import { invalidField } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { shippedTranslationKeys } from './shipped-texts.ts';
import type { TranslationOverrideRow, TranslationsRepository } from './translations.repository.ts';

/** One language's overrides as the web app merges them over its shipped texts, and their version for the ETag. */
export interface PublishedOverrides {
  overrides: Record<string, string>;
  etag: string;
}

/** Site admins' overrides of shipped UI texts (spec: the Translations screen), published to every visitor. */
export class TranslationsService {
  constructor(
    private readonly deps: {
      repository: TranslationsRepository;
      /** Tests narrow the shipped keys; the app uses the web app's. */
      shippedKeys?: ReadonlySet<string>;
    },
  ) {}

  private get shippedKeys(): ReadonlySet<string> {
    return this.deps.shippedKeys ?? shippedTranslationKeys;
  }

  async list(access: ViewerAccess): Promise<TranslationOverrideRow[]> {
    access.assertSiteAdmin();
    return this.deps.repository.list();
  }

  /**
   * Sets the text of a shipped key in one language. Only the key's own `{{placeholders}}` may appear: another would
   * show as typed, since the code passes no value for it.
   */
  async set(access: ViewerAccess, input: SetTranslationOverrideInput): Promise<TranslationOverrideRow> {
    access.assertSiteAdmin();
    if (!this.shippedKeys.has(input.key)) throw invalidField('key', translationErrors.unknownKey);
    const allowed = new Set(translationPlaceholders(input.key));
    if (translationPlaceholders(input.text).some((name) => !allowed.has(name))) {
      throw invalidField('text', translationErrors.unknownPlaceholder);
    }
    return this.deps.repository.upsert({ ...input, updatedBy: access.requireUser().id });
  }

  /** Restores the shipped text; false when the key had no override in that language. */
  async remove(access: ViewerAccess, input: { language: Language; key: string }): Promise<boolean> {
    access.assertSiteAdmin();
    return this.deps.repository.remove(input.language, input.key);
  }

  /** Public: what every visitor's app merges over the shipped texts of the language. */
  async published(language: Language): Promise<PublishedOverrides> {
    const rows = await this.deps.repository.ofLanguage(language);
    const overrides = Object.fromEntries(rows.map((row) => [row.key, row.text]));
    const digest = crypto.createHash('sha256').update(JSON.stringify(rows)).digest('base64url').slice(0, 22);
    return { overrides, etag: `"${language}-${digest}"` };
  }
}
