import { useMutation } from '@apollo/client/react';
import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type CurrentUserFieldsFragment, UpdateUserOptionsDocument } from '../../graphql/generated.ts';
import { LanguagePicker } from '../i18n/LanguagePicker.tsx';
import { uiOptionsOf, uiSettingsOf } from './uiSettings.ts';

/** Settings that apply as soon as they are changed, so they have no save button. */
export function UiSettingsForm({ user }: { user: CurrentUserFieldsFragment }) {
  const { t } = useTranslation();
  const [updateUserOptions, { loading }] = useMutation(UpdateUserOptionsDocument);
  const settings = uiSettingsOf(user.options.ui);

  const setCompact = async (compact: boolean) => {
    try {
      await updateUserOptions({ variables: { options: { ui: { ...uiOptionsOf(user.options.ui), compact } } } });
    } catch {
      toast.error(t('Saving failed. Please try again.'));
    }
  };

  return (
    <Stack>
      <LanguagePicker label />
      <Switch
        label={t('Compact mode')}
        description={t('Less space between elements, so that more fits on the screen.')}
        checked={settings.compact}
        disabled={loading}
        onChange={(event) => void setCompact(event.currentTarget.checked)}
      />
    </Stack>
  );
}
