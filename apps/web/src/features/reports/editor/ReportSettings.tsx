import { Anchor, Badge, Button, CopyButton, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportDraft } from './useReportAutosave.ts';

const none = 'none';

export interface NamedChoice {
  id: number;
  name: string;
}

/** The public link of a published report, as a full address to copy. */
export function publicReportUrl(publicId: string): string {
  return `${window.location.origin}/report/${publicId}`;
}

/** Publishing: the public link to copy while published; a new link on every publish, so that an old one stops working. */
export function PublishControls({
  publicId,
  busy,
  onPublish,
  onUnpublish,
}: {
  publicId: string | null;
  busy: boolean;
  onPublish: () => void;
  onUnpublish: () => void;
}) {
  const { t } = useTranslation();
  if (!publicId) {
    return (
      <Group gap="xs" wrap="wrap" data-testid="publish-controls">
        <Badge color="gray" variant="light" tt="none">
          {t('Not published')}
        </Badge>
        <Button size="xs" loading={busy} onClick={onPublish}>
          {t('Publish')}
        </Button>
      </Group>
    );
  }
  const url = publicReportUrl(publicId);
  return (
    <Stack gap={4} data-testid="publish-controls">
      <Group gap="xs" wrap="wrap">
        <Badge color="green" variant="light" tt="none">
          {t('Published')}
        </Badge>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
              {copied ? t('Copied') : t('Copy the public link')}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="light" color="red" loading={busy} onClick={onUnpublish}>
          {t('Unpublish')}
        </Button>
      </Group>
      <Anchor
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
        data-testid="public-link"
      >
        {url}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t('Anyone with the link sees the report without signing in. Publishing again gives a new link.')}
      </Text>
    </Stack>
  );
}

/** The report's page settings: orientation, cover, print template, and the summary and template flags. */
export function ReportSettings({
  draft,
  covers,
  printTemplates,
  onChange,
}: {
  draft: ReportDraft;
  covers: readonly NamedChoice[];
  printTemplates: readonly NamedChoice[];
  onChange: (changes: Partial<Omit<ReportDraft, 'content'>>) => void;
}) {
  const { t } = useTranslation();
  const choices = (items: readonly NamedChoice[]) => [
    { value: none, label: t('None') },
    ...items.map((item) => ({ value: String(item.id), label: item.name })),
  ];
  const id = (value: string | null) => (value && value !== none ? Number(value) : null);
  return (
    <Stack gap="xs" data-testid="report-settings">
      <Group gap="sm" align="end" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={t('Page orientation')}
          value={draft.landscape ? 'landscape' : 'portrait'}
          data={[
            { value: 'portrait', label: t('Portrait') },
            { value: 'landscape', label: t('Landscape') },
          ]}
          onChange={(value) => onChange({ landscape: value === 'landscape' })}
        />
        <Select
          size="xs"
          w={200}
          label={t('Cover')}
          allowDeselect={false}
          value={draft.coverId === null ? none : String(draft.coverId)}
          data={choices(covers)}
          onChange={(value) => onChange({ coverId: id(value) })}
        />
        <Select
          size="xs"
          w={200}
          label={t('Print template')}
          allowDeselect={false}
          value={draft.printtemplateId === null ? none : String(draft.printtemplateId)}
          data={choices(printTemplates)}
          onChange={(value) => onChange({ printtemplateId: id(value) })}
        />
      </Group>
      <Group gap="lg" wrap="wrap">
        <Switch
          size="sm"
          label={t('Summary report: listed on the project’s overview')}
          checked={draft.summary}
          onChange={(event) => onChange({ summary: event.currentTarget.checked })}
        />
        <Switch
          size="sm"
          label={t('Template: offered when creating reports in the organization’s projects')}
          checked={draft.template}
          onChange={(event) => onChange({ template: event.currentTarget.checked })}
        />
      </Group>
    </Stack>
  );
}
