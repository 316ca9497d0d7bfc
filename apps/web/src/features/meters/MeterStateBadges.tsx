import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MeterStateFieldsFragment } from '../../graphql/generated.ts';

/** What needs attention in a meter, or that it is fine: missing, in storage, inactive, unacknowledged errors. */
export function MeterStateBadges({ meter }: { meter: MeterStateFieldsFragment }) {
  const { t } = useTranslation();
  const badges = [
    meter.errors.missing && (
      <Badge key="missing" color="red" variant="light">
        {t('Missing')}
      </Badge>
    ),
    meter.inStorage && (
      <Badge key="storage" color="gray" variant="light">
        {t('In storage')}
      </Badge>
    ),
    !meter.active && (
      <Badge key="inactive" color="gray" variant="outline">
        {t('Inactive')}
      </Badge>
    ),
    meter.errors.systemErrors > 0 && (
      <Badge key="errors" color="orange" variant="light">
        {t('Errors: {{number}}', { number: meter.errors.systemErrors })}
      </Badge>
    ),
  ].filter(Boolean);
  return (
    <Group gap={4} wrap="wrap">
      {badges.length > 0 ? (
        badges
      ) : (
        <Badge color="green" variant="light">
          {t('OK')}
        </Badge>
      )}
    </Group>
  );
}
