import { useQuery } from '@apollo/client/react';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DashboardProjectChoicesDocument, type DashboardProjectFieldsFragment } from '../../graphql/generated.ts';

/**
 * Which projects the dashboard shows; applies as soon as it changes, like the other interface settings. None chosen
 * means every running project the user sees.
 */
export function ChooseDashboardProjects({
  chosen,
  shown,
  onChange,
}: {
  chosen: readonly number[];
  /** Projects on the dashboard now, so that a chosen project missing from the list still has its name. */
  shown: readonly DashboardProjectFieldsFragment[];
  onChange: (projectIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const { data, loading } = useQuery(DashboardProjectChoicesDocument, { fetchPolicy: 'cache-and-network' });
  const projects = new Map<number, string>();
  for (const project of [...shown, ...(data?.projects ?? [])]) {
    projects.set(project.id, project.code ? `${project.name} (${project.code})` : project.name);
  }
  const options = [...projects].map(([id, label]) => ({ value: String(id), label }));
  for (const id of chosen) {
    if (!projects.has(id)) options.push({ value: String(id), label: t('Project {{id}}', { id }) });
  }
  options.sort((a, b) => a.label.localeCompare(b.label));

  return (
    <MultiSelect
      label={t('Projects on the dashboard')}
      description={t('When none are chosen, every running project you can see is shown.')}
      placeholder={chosen.length ? undefined : t('All running projects')}
      data={options}
      value={chosen.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      searchable
      clearable
      nothingFoundMessage={loading ? t('Loading') : t('No projects found')}
      data-testid="dashboard-choose-projects"
    />
  );
}
