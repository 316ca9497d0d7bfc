import { useMutation } from '@apollo/client/react';
import { NativeSelect } from '@mantine/core';
import { isLanguage, type Language, languages } from '@olo/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { UpdateUserDocument } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { markLanguagePicked, storeChosenLanguage } from './i18n.ts';

/** Language names are written in their own language so that everyone finds theirs. */
export const languageNames: Record<Language, string> = { fi: 'Suomi', sv: 'Svenska', en: 'English' };

/** Changes the signed-in user's language setting, or the page's language for someone not signed in. */
export function LanguagePicker({ label = false }: { label?: boolean }) {
  const { t, i18n } = useTranslation();
  const { currentUser } = useCurrentUser();
  const [updateUser, { loading }] = useMutation(UpdateUserDocument);

  const change = async (language: string) => {
    if (!isLanguage(language)) return;
    if (!currentUser) {
      storeChosenLanguage(language);
      markLanguagePicked(language);
      await i18n.changeLanguage(language);
      return;
    }
    try {
      // The new language reaches the interface through the cached user (useLanguageSync).
      await updateUser({ variables: { language } });
    } catch {
      toast.error(t('Saving failed. Please try again.'));
    }
  };

  return (
    <NativeSelect
      size={label ? 'sm' : 'xs'}
      label={label ? t('Language') : undefined}
      aria-label={label ? undefined : t('Language')}
      value={currentUser?.language ?? i18n.language}
      disabled={loading}
      onChange={(event) => void change(event.currentTarget.value)}
      data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
    />
  );
}
