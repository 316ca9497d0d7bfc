import { useTranslation } from 'react-i18next';
import type { SessionUserFieldsFragment } from '../../graphql/generated.ts';

export interface MainLink {
  to: string;
  label: string;
  /** Shown in smaller type beside the label (a project's code). */
  detail?: string | null;
  /** The user's own menu of projects or organizations, reachable from the link to the whole list. */
  quick?: MainLink[];
}

/** The main menu's links, the same in the desktop header and the phone menu; a page not built yet has none. */
export function useMainLinks(user: SessionUserFieldsFragment): MainLink[] {
  const { t } = useTranslation();
  return [
    { to: '/home', label: t('Home') },
    {
      to: '/p',
      label: t('Projects'),
      quick: user.menuProjects.map((project) => ({
        to: `/p/${project.id}`,
        label: project.name,
        detail: project.code,
      })),
    },
    {
      to: '/o',
      label: t('Organizations'),
      quick: user.menuOrganizations.map((organization) => ({
        to: `/o/${organization.slug}`,
        label: organization.name,
      })),
    },
    { to: '/meters', label: t('Meters') },
    { to: '/help', label: t('Help') },
    ...(user.isAdmin ? [{ to: '/admin', label: t('Admin') }] : []),
  ];
}
