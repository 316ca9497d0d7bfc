import { useTranslation } from 'react-i18next';
import { EmptyState } from '../ui/EmptyState.tsx';

/**
 * A user who sees no project at all: where projects come from and the two ways to get one. The link leads to the
 * organizations, which every signed-in user may open; what they may do there is decided on that page.
 */
export function NoProjects({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState testId={testId} title={t('No projects yet')} action={{ label: t('Go to organizations'), to: '/o' }}>
      {t(
        "Projects are created on an organization's page by its administrators. Ask an administrator to invite you to a project; the organizations page tells whether you may start an organization of your own.",
      )}
    </EmptyState>
  );
}
