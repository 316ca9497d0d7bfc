import { useMutation } from '@apollo/client/react';
import { Alert, Stack, Switch, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { UpdateOrganizationMembershipDocument } from '../../graphql/generated.ts';
import { errorText } from '../forms/errorText.ts';
import { isPermissionError } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { useOrganizationMembers } from './MembersSection.tsx';

/** The viewer's own email settings for this organization, which any member may change. */
export function EmailSettingsSection({ organizationId, userId }: { organizationId: string; userId: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const members = useOrganizationMembers(organizationId);
  const [updateMembership, { loading }] = useMutation(UpdateOrganizationMembershipDocument);
  const own = members.data?.organization.members.find((member) => member.user.id === userId);

  const setNotify = async (notifyOnMeterError: boolean) => {
    if (!own) return;
    setError(null);
    try {
      await updateMembership({
        variables: { input: { id: own.id, notifyOnMeterError } },
        optimisticResponse: { updateOrganizationMembership: { ...own, notifyOnMeterError } },
      });
      toast.success(t('Saved.'));
    } catch (caught) {
      setError(errorText(caught, t));
    }
  };

  let content: ReactNode = null;
  if (own) {
    content = (
      <Switch
        label={t('Email me when a meter of this organization has an error')}
        checked={own.notifyOnMeterError}
        disabled={loading}
        onChange={(event) => void setNotify(event.currentTarget.checked)}
      />
    );
  } else if (members.data || (members.error && isPermissionError(members.error))) {
    content = <Text c="dimmed">{t('You are not a member of this organization, so it sends you no email.')}</Text>;
  }

  return (
    <Section id="email-settings" title={t('Email settings')} testId="email-settings">
      <Stack gap="xs">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {content}
      </Stack>
    </Section>
  );
}
