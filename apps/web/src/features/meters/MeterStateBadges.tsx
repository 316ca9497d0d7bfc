import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The meter fields the badges read; battery and supply voltage only where the caller asked for them. */
export interface MeterState {
  active: boolean;
  inStorage: boolean;
  errors: { missing: boolean; systemErrors: number; battery?: string | null; lowVoltage?: boolean };
}

/**
 * What needs attention in a meter, or that it is fine: missing, battery, low supply voltage, in storage, inactive,
 * unacknowledged errors.
 */
export function MeterStateBadges({ meter, testId }: { meter: MeterState; testId?: string }) {
  const { t } = useTranslation();
  const badges = [
    meter.errors.missing && (
      <Badge key="missing" color="red" variant="light">
        {t('Missing')}
      </Badge>
    ),
    meter.errors.battery === 'low' && (
      <Badge key="battery" color="red" variant="light">
        {t('Battery low')}
      </Badge>
    ),
    meter.errors.battery === 'medium' && (
      <Badge key="battery" color="yellow" variant="light">
        {t('Battery medium')}
      </Badge>
    ),
    meter.errors.lowVoltage && (
      <Badge key="voltage" color="orange" variant="light">
        {t('Low voltage')}
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
    <Group gap={4} wrap="wrap" data-testid={testId}>
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
