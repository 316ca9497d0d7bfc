import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SessionUserFieldsFragment } from '../../graphql/generated.ts';
import { notify } from '../notifications/Notifications.tsx';

/** Per user, so that another account on the same browser is told about its own invitations. */
export function notifiedInvitationsStorageKey(userId: string): string {
  return `olo.notifiedInvitations.${userId}`;
}

function readNotified(userId: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(notifiedInvitationsStorageKey(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function PendingInvitationToast({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm">{t('You have an unaccepted invitation.')}</Text>
      <Anchor
        href="/profile#invitations"
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
      >
        {t('See your invitations')}
      </Anchor>
    </Stack>
  );
}

/**
 * Tells a verified user once about each invitation waiting for them, with a way to their profile; the note stays
 * until closed. New invitations arrive with the live updates of the current user.
 */
export function useInvitationNotice(user: SessionUserFieldsFragment): void {
  const navigate = useNavigate();
  const { id: userId, isVerified, invitations } = user;

  useEffect(() => {
    if (!isVerified || invitations.length === 0) return;
    const notified = readNotified(userId);
    const pending = invitations.map((invitation) => invitation.invitationId);
    if (pending.every((id) => notified.includes(id))) return;
    // Only pending ids are kept: accepted and expired ones cannot come back, so the list stays short.
    localStorage.setItem(notifiedInvitationsStorageKey(userId), JSON.stringify(pending));
    // The toast is shown outside the router, so it navigates with the router of this component.
    notify(
      ({ closeToast }) => (
        <PendingInvitationToast
          onOpen={() => {
            closeToast();
            navigate('/profile#invitations');
          }}
        />
      ),
      { autoClose: false, toastId: 'pending-invitation' },
    );
  }, [userId, isVerified, invitations, navigate]);
}
