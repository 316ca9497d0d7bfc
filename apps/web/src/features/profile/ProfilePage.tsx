import { Container, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { useDirtyForms } from '../forms/useDirtyForms.ts';
import { InvitationsSection } from '../invitations/InvitationsSection.tsx';
import { Section } from '../ui/Section.tsx';
import { AccountDeletionSection, ConfirmAccountDeletion } from './AccountDeletionSection.tsx';
import { AuthenticationsSection } from './AuthenticationsSection.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { EmailsSection } from './EmailsSection.tsx';
import { PersonalInfoForm } from './PersonalInfoForm.tsx';
import { UiSettingsForm } from './UiSettingsForm.tsx';

export function ProfilePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { currentUser } = useCurrentUser();
  const { setFormDirty, markSaved } = useDirtyForms();
  const onPersonalDirty = useCallback((dirty: boolean) => setFormDirty('personal', dirty), [setFormDirty]);
  const onPasswordDirty = useCallback((dirty: boolean) => setFormDirty('password', dirty), [setFormDirty]);
  const onEmailDirty = useCallback((dirty: boolean) => setFormDirty('email', dirty), [setFormDirty]);

  if (!currentUser) return null;
  const deletionToken = searchParams.get('confirmDeletion');

  return (
    <Container size="md">
      <Stack>
        <div>
          <Title order={1}>{t('Profile')}</Title>
          <Text c="dimmed">{currentUser.username}</Text>
        </div>
        {deletionToken && <ConfirmAccountDeletion token={deletionToken} onDeleted={markSaved} />}
        <Section id="personal" title={t('Personal information')}>
          <PersonalInfoForm key={currentUser.id} user={currentUser} onDirtyChange={onPersonalDirty} />
        </Section>
        <Section id="invitations" title={t('Invitations')}>
          <InvitationsSection invitations={currentUser.invitations} />
        </Section>
        <Section id="settings" title={t('Settings')}>
          <UiSettingsForm user={currentUser} />
        </Section>
        <Section id="password" title={t('Change password')}>
          <ChangePasswordForm onDirtyChange={onPasswordDirty} />
        </Section>
        <Section id="emails" title={t('Email addresses')}>
          <EmailsSection user={currentUser} onDirtyChange={onEmailDirty} />
        </Section>
        <Section id="authentications" title={t('Linked sign-in services')}>
          <AuthenticationsSection user={currentUser} />
        </Section>
        <Section id="delete-account" title={t('Delete account')}>
          <AccountDeletionSection />
        </Section>
      </Stack>
    </Container>
  );
}
