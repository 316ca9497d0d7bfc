import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type Language, setTranslationOverrideInput } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  RemoveTranslationOverrideDocument,
  SetTranslationOverrideDocument,
  TranslationOverridesDocument,
} from '../../graphql/generated.ts';
import { formSchema } from '../forms/formSchema.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { languageNames } from '../i18n/LanguagePicker.tsx';
import { FormError } from '../ui/FormError.tsx';
import type { TranslationRow } from './translationRows.ts';

export interface EditedText {
  row: TranslationRow;
  language: Language;
}

/**
 * Sets or removes the site's text of one key in one language. What is saved also replaces the text in this tab at
 * once, when the language is loaded; everyone else gets it at their next load.
 */
export function TranslationEditor({ edited, onClose }: { edited: EditedText; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { row, language } = edited;
  const shipped = row.shipped[language];
  const override = row.override[language];
  const refetchQueries = [{ query: TranslationOverridesDocument }];
  const [setOverride, { loading: saving }] = useMutation(SetTranslationOverrideDocument, {
    refetchQueries,
    awaitRefetchQueries: true,
  });
  const [removeOverride, { loading: removing }] = useMutation(RemoveTranslationOverrideDocument, {
    refetchQueries,
    awaitRefetchQueries: true,
  });
  const { form, inputProps, generalError, onSave, showServerError } = useSchemaForm({
    initialValues: { text: override ?? shipped ?? '' },
    schema: formSchema<{ text: string }>({
      schema: setTranslationOverrideInput,
      toInput: ({ text }) => ({ language, key: row.key, text }),
    }),
  });

  // Without a shipped text to go back to (a key missing in the language), this tab keeps the override until reloaded.
  const showInThisTab = (text: string | undefined) => {
    if (text !== undefined && i18n.hasResourceBundle(language, 'translation')) {
      i18n.addResource(language, 'translation', row.key, text);
    }
  };

  const save = onSave(
    async ({ text }) => (await setOverride({ variables: { language, key: row.key, text } })).data,
    (data) => {
      showInThisTab(data?.setTranslationOverride.text);
      toast.success(t('Saved'));
      onClose();
    },
  );

  const restore = async () => {
    try {
      await removeOverride({ variables: { language, key: row.key } });
    } catch (error) {
      return showServerError(error);
    }
    showInThisTab(shipped);
    toast.success(t('The shipped text is back'));
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('Text in {{language}}', { language: languageNames[language] })}>
      <form onSubmit={save} noValidate>
        <Stack>
          <FormError message={generalError} />
          <div>
            <Text size="sm" fw={600}>
              {t('Key')}
            </Text>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="translation-edited-key">
              {row.key}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={600}>
              {t('Shipped text')}
            </Text>
            <Text size="sm" lang={language} c={shipped ? undefined : 'dimmed'}>
              {shipped ?? t('None')}
            </Text>
          </div>
          <Textarea
            label={t('Text shown')}
            description={t('Keep the placeholders in double braces as they are: the app fills them in.')}
            lang={language}
            autosize
            minRows={2}
            maxRows={8}
            autoFocus
            {...inputProps('text')}
          />
          <Group justify="space-between">
            <Group>
              <Button type="submit" loading={saving} disabled={!form.isDirty() && override !== undefined}>
                {t('Save')}
              </Button>
              <Button variant="default" onClick={onClose}>
                {t('Cancel')}
              </Button>
            </Group>
            {override !== undefined && (
              <Button variant="subtle" color="red" loading={removing} onClick={restore}>
                {t('Restore the shipped text')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
