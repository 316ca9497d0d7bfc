import { useMutation } from '@apollo/client/react';
import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LogoutDocument } from '../../graphql/generated.ts';
import { useResetSession } from '../apollo/GraphqlProvider.tsx';

export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resetSession = useResetSession();
  const [logout] = useMutation(LogoutDocument);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout()
      .catch(() => {
        // Already logged out or the server is away: the local session is dropped all the same.
      })
      .finally(async () => {
        await resetSession().catch(() => {});
        navigate('/login', { replace: true });
      });
  }, [logout, navigate, resetSession]);

  return (
    <Center py="xl">
      <Loader aria-label={t('Logging out')} />
    </Center>
  );
}
