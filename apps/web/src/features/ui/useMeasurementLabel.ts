import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The name of a measurement type in the viewer's language. Types that are symbols (CO2, PM25, VOC, Paine-ero) read
 * the same in every language and have no translation: they are shown as they are, without being reported missing.
 */
export function useMeasurementLabel(): (dataType: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback((dataType: string) => (i18n.exists(dataType) ? t(dataType) : dataType), [t, i18n]);
}
