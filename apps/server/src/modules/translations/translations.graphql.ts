import { removeTranslationOverrideInput, setTranslationOverrideInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import { LanguageEnum } from '../accounts/accounts.graphql.ts';
import type { TranslationOverrideRow } from './translations.repository.ts';

const TranslationOverrideRef = builder.objectRef<TranslationOverrideRow>('TranslationOverride').implement({
  description: "A site admin's text for a shipped UI key in one language, shown instead of the shipped one.",
  fields: (t) => ({
    language: t.field({ type: LanguageEnum, resolve: (row) => row.language as 'fi' | 'sv' | 'en' }),
    key: t.exposeString('key', { description: 'The English sentence the code passes to t().' }),
    text: t.exposeString('text'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  translationOverrides: t.field({
    type: [TranslationOverrideRef],
    description: 'Every override of a shipped UI text, by language and key (site admins).',
    resolve: (_root, _args, context) => context.services.translations.list(context.access),
  }),
}));

builder.mutationFields((t) => ({
  setTranslationOverride: t.field({
    type: TranslationOverrideRef,
    description: 'Every user gets the text at their next load (site admins; the key must be a shipped one).',
    args: {
      language: t.arg({ type: LanguageEnum, required: true }),
      key: t.arg.string({ required: true }),
      text: t.arg.string({ required: true }),
    },
    resolve: (_root, args, context) =>
      context.services.translations.set(context.access, parseInput(setTranslationOverrideInput, args)),
  }),
  removeTranslationOverride: t.boolean({
    description: 'Restores the shipped text; false when there was no override (site admins).',
    args: { language: t.arg({ type: LanguageEnum, required: true }), key: t.arg.string({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.translations.remove(context.access, parseInput(removeTranslationOverrideInput, args)),
  }),
}));
