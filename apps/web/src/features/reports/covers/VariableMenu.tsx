import { Button, Menu } from '@mantine/core';
import { type ReportVariableName, reportVariableNames } from '@olo/shared';
import { useTranslation } from 'react-i18next';

/** What each variable of a text becomes, in the user's words. */
export function useReportVariableLabels(): Record<ReportVariableName, string> {
  const { t } = useTranslation();
  return {
    'project.name': t('Project name'),
    'project.code': t('Project code'),
    'organization.name': t('Organization name'),
    'report.name': t('Report name'),
    'report.from': t('First day of the report'),
    'report.to': t('Last day of the report'),
    'space.name': t('Space name'),
    today: t('Today’s date'),
  };
}

/** A menu of the variables a text may hold; `onPick` gets the chosen one's name. */
export function VariableMenu({
  onPick,
  names = reportVariableNames,
  label,
}: {
  onPick: (name: ReportVariableName) => void;
  /** A cover has no space: `space.name` is left out there. */
  names?: readonly ReportVariableName[];
  /** The button's accessible name, telling which text it fills. */
  label: string;
}) {
  const { t } = useTranslation();
  const labels = useReportVariableLabels();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="light" aria-label={label}>
          {t('Insert a variable')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {names.map((name) => (
          <Menu.Item key={name} onClick={() => onPick(name)}>
            {labels[name]} <code>{`{${name}}`}</code>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
