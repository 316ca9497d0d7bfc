import { registerSW } from 'virtual:pwa-register';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { notify } from './Notifications.tsx';

const updateToastId = 'service-worker-update';

function UpdateAvailable({ onReload, onClose }: { onReload: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" mb="xs">
        {t('A new version is available.')}
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={onReload}>
          {t('Reload')}
        </Button>
        <Button size="xs" variant="default" onClick={onClose}>
          {t('Close')}
        </Button>
      </Group>
    </div>
  );
}

/**
 * Registers /sw.js (scope /). When a new version is waiting, a toast offers Reload and Close; Reload activates the
 * new service worker and the page reloads once it has taken over.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      notify(
        <UpdateAvailable
          onReload={() => void updateServiceWorker(true)}
          onClose={() => toast.dismiss(updateToastId)}
        />,
        { toastId: updateToastId, autoClose: false, closeOnClick: false, closeButton: false },
      );
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
}
