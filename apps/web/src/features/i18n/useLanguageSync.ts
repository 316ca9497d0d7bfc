import { isLanguage, type Language } from '@olo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { readChosenLanguage, storeChosenLanguage } from './i18n.ts';

/**
 * The interface follows the signed-in user's language; without a user it follows the language chosen on the page.
 * The user's language is also remembered as the page choice so that the login page keeps it after logout.
 */
export function useLanguageSync(userLanguage: Language | null | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const target = isLanguage(userLanguage) ? userLanguage : readChosenLanguage();
    if (isLanguage(userLanguage)) storeChosenLanguage(userLanguage);
    if (i18n.language !== target) void i18n.changeLanguage(target);
  }, [userLanguage, i18n]);
}
