import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReportAttentionFieldsFragment, ReportUnmappedFieldsFragment } from '../../../graphql/generated.ts';
import { useMeasurementLabel } from '../../ui/useMeasurementLabel.ts';

/** Each space and type once, in the order found: a template repeats a space in many elements. */
function distinct<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const itemKey = key(item);
    if (seen.has(itemKey)) return false;
    seen.add(itemKey);
    return true;
  });
}

const unmappedKey = (item: ReportUnmappedFieldsFragment) =>
  `${item.spaceName.trim().toLocaleLowerCase()}\u0000${item.dataType ?? ''}`;
const attentionKey = (item: ReportAttentionFieldsFragment) => `${item.kind}\u0000${item.elementId}\u0000${item.name}`;

function attentionText(item: ReportAttentionFieldsFragment, t: TFunction): string {
  const name = item.name ?? '';
  switch (item.kind) {
    case 'text':
      return t('Text copied from the template: “{{text}}”', { text: name });
    case 'imageTour':
      return item.name
        ? t('Image tour “{{title}}” shows the template’s images', { title: name })
        : t('An image tour shows the template’s images');
    case 'pin':
      return t('Floor-plan pin of {{space}} removed: no space of this name', { space: name });
    case 'fixedDataslot':
      return t('Data slot {{name}} keeps the template’s fixed dates', { name });
    case 'noData':
      return item.name === null
        ? t('The report’s range has no readings of its series')
        : t('Data slot {{name}} has no readings of the report’s series', { name });
  }
}

/**
 * What a report made from a template (or cloned) needs from its author before it is shared: selections that found
 * no space or measurement type, texts and images written for the template's project, pins dropped with their
 * spaces, data slots kept at fixed dates and ranges without readings (decision 0157). The report exists already; the
 * user opens it to fix them, or closes the notice.
 */
export function CreationNotice({
  reportName,
  editorPath,
  unmapped,
  attention,
  onClose,
}: {
  reportName: string;
  editorPath: string;
  unmapped: readonly ReportUnmappedFieldsFragment[];
  attention: readonly ReportAttentionFieldsFragment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const measurementLabel = useMeasurementLabel();
  return (
    <Alert
      color="yellow"
      title={t('{{name}} was created: check these before sharing it', { name: reportName })}
      data-testid="report-unmapped"
    >
      <Stack gap="xs">
        {unmapped.length > 0 && (
          <>
            <Text size="sm">
              {t(
                'These spaces and measurement types are not in this project. Their graphs and tables show nothing until you choose others in the report.',
              )}
            </Text>
            <List size="sm" spacing={2}>
              {distinct(unmapped, unmappedKey).map((item) => (
                <List.Item key={unmappedKey(item)} data-testid="report-unmapped-item">
                  {item.dataType === null
                    ? t('{{space}}: no space of this name', { space: item.spaceName })
                    : t('{{space}}: no series of the type {{type}}', {
                        space: item.spaceName,
                        type: measurementLabel(item.dataType),
                      })}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {attention.length > 0 && (
          <>
            <Text size="sm">{t('Written for another project or without data here:')}</Text>
            <List size="sm" spacing={2}>
              {distinct(attention, attentionKey).map((item) => (
                <List.Item key={attentionKey(item)} data-testid="report-attention-item" data-kind={item.kind}>
                  {attentionText(item, t)}
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Group gap="xs">
          <Button component={Link} to={editorPath} size="xs">
            {t('Open the report')}
          </Button>

          <Button size="xs" variant="default" onClick={onClose}>
            {t('Close')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
