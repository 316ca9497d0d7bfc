import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportUnmappedFieldsFragment } from '../../../graphql/generated.ts';
import { isPageBuilt } from '../../navigation/unbuiltPages.ts';
import { useMeasurementLabel } from '../../ui/useMeasurementLabel.ts';

/** Each space and type once, in the order found: a template repeats a space in many elements. */
function distinct(unmapped: readonly ReportUnmappedFieldsFragment[]): ReportUnmappedFieldsFragment[] {
  const seen = new Set<string>();
  return unmapped.filter((item) => {
    const key = `${item.spaceName.trim().toLocaleLowerCase()}\u0000${item.dataType ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What a template or a clone could not find in the project it went to: spaces missing by name, and spaces lacking a
 * measurement type. The report exists already; the user opens it to fix the selections, or closes the notice.
 */
export function UnmappedNotice({
  reportName,
  editorPath,
  unmapped,
  onClose,
}: {
  reportName: string;
  editorPath: string;
  unmapped: readonly ReportUnmappedFieldsFragment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const measurementLabel = useMeasurementLabel();
  return (
    <Alert
      color="yellow"
      title={t('{{name}} was created, but some of its selections found no match', { name: reportName })}
      data-testid="report-unmapped"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t(
            'These spaces and measurement types are not in this project. Their graphs and tables show nothing until you choose others in the report.',
          )}
        </Text>
        <List size="sm" spacing={2}>
          {distinct(unmapped).map((item) => (
            <List.Item key={`${item.spaceName}:${item.dataType ?? ''}`} data-testid="report-unmapped-item">
              {item.dataType === null
                ? t('{{space}}: no space of this name', { space: item.spaceName })
                : t('{{space}}: no series of the type {{type}}', {
                    space: item.spaceName,
                    type: measurementLabel(item.dataType),
                  })}
            </List.Item>
          ))}
        </List>
        <Group gap="xs">
          {isPageBuilt(editorPath) && (
            <Button component={Link} to={editorPath} size="xs">
              {t('Open the report')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onClose}>
            {t('Close')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
