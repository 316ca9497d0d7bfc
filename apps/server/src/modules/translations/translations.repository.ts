import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { translationOverrides } from '../../db/tables/index.ts';

export type TranslationOverrideRow = typeof translationOverrides.$inferSelect;

export class TranslationsRepository {
  constructor(private readonly db: Db) {}

  /** Every override, by language and key. */
  list(): Promise<TranslationOverrideRow[]> {
    return this.db
      .select()
      .from(translationOverrides)
      .orderBy(asc(translationOverrides.language), asc(translationOverrides.key));
  }

  ofLanguage(language: string): Promise<Array<{ key: string; text: string }>> {
    return this.db
      .select({ key: translationOverrides.key, text: translationOverrides.text })
      .from(translationOverrides)
      .where(eq(translationOverrides.language, language))
      .orderBy(asc(translationOverrides.key));
  }

  async upsert(override: { language: string; key: string; text: string; updatedBy: string }) {
    const [row] = await this.db
      .insert(translationOverrides)
      .values(override)
      .onConflictDoUpdate({
        target: [translationOverrides.language, translationOverrides.key],
        set: { text: override.text, updatedBy: override.updatedBy, updatedAt: sql`now()` },
      })
      .returning();
    return row as TranslationOverrideRow;
  }

  /** Whether there was one to remove. */
  async remove(language: string, key: string): Promise<boolean> {
    const rows = await this.db
      .delete(translationOverrides)
      .where(and(eq(translationOverrides.language, language), eq(translationOverrides.key, key)))
      .returning({ key: translationOverrides.key });
    return rows.length > 0;
  }
}
