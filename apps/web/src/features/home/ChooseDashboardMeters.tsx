import { useQuery } from '@apollo/client/react';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DashboardMeterChoicesDocument } from '../../graphql/generated.ts';

/**
 * Which meters the dashboard shows; applies as soon as it changes, like the projects. The list offers only the meters
 * the server lets the user see (their organizations' meters with "View meters", or as an admin).
 */
export function ChooseDashboardMeters({
  chosen,
  onChange,
}: {
  chosen: readonly number[];
  onChange: (meterIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const { data, loading } = useQuery(DashboardMeterChoicesDocument, { fetchPolicy: 'cache-and-network' });
  const meters = new Map<number, string>();
  for (const meter of data?.meters ?? []) {
    meters.set(meter.id, meter.name ? `${meter.name} (${meter.serial})` : meter.serial);
  }
  const options = [...meters].map(([id, label]) => ({ value: String(id), label }));
  for (const id of chosen) {
    if (!meters.has(id)) options.push({ value: String(id), label: t('Meter {{id}}', { id }) });
  }
  options.sort((a, b) => a.label.localeCompare(b.label));

  return (
    <MultiSelect
      label={t('Meters on the dashboard')}
      description={t('Only the meters you may view can be chosen.')}
      placeholder={chosen.length ? undefined : t('No meters')}
      data={options}
      value={chosen.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      searchable
      clearable
      nothingFoundMessage={loading ? t('Loading') : t('No meters found')}
      data-testid="dashboard-choose-meters"
    />
  );
}
