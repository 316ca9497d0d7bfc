import {
  Button,
  Divider,
  Group,
  Menu,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  dryingForecastBounds,
  type ReportDataslot,
  type ReportElement,
  type ReportTextStyle,
  reportBounds,
  reportVariableNames,
} from '@olo/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportContextInfo, ReportSources } from '../document/reportScope.ts';
import { ElementDataField } from './ElementDataField.tsx';
import { elementKindLabels } from './elementKinds.ts';
import { ImageTourSettings } from './ImageTourSettings.tsx';
import { RichTextField } from './RichTextField.tsx';
import { SeriesSelectionsField } from './SeriesSelectionsField.tsx';

const textStyleLabels: Record<ReportTextStyle, string> = {
  title: 'Title',
  heading: 'Heading',
  subheading: 'Subheading',
  paragraph: 'Paragraph',
};

/** What each variable is, for the menu (i18n keys). */
const variableLabels: Record<(typeof reportVariableNames)[number], string> = {
  'project.name': 'Project name',
  'project.code': 'Project code',
  'organization.name': 'Organization name',
  'report.name': 'Report name',
  'report.from': 'Start of the report’s range',
  'report.to': 'End of the report’s range',
  'space.name': 'Name of the repeated space',
  today: 'Today’s date',
};

function TextSettings({
  element,
  onChange,
}: {
  element: Extract<ReportElement, { kind: 'text' }>;
  onChange: (element: ReportElement) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement>(null);
  const insert = (name: string) => {
    const variable = `{${name}}`;
    const field = input.current;
    const at = field ? field.selectionStart : element.text.length;
    const end = field ? field.selectionEnd : at;
    const text = `${element.text.slice(0, at)}${variable}${element.text.slice(end)}`.slice(0, reportBounds.textMax);
    onChange({ ...element, text });
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(at + variable.length, at + variable.length);
    });
  };
  return (
    <Stack gap="xs">
      <Textarea
        ref={input}
        label={t('Text')}
        autosize
        minRows={2}
        maxLength={reportBounds.textMax}
        value={element.text}
        onChange={(event) => onChange({ ...element, text: event.currentTarget.value })}
      />
      <Group gap="xs" align="end" wrap="wrap">
        <Select
          size="xs"
          label={t('Style')}
          allowDeselect={false}
          value={element.style}
          data={Object.entries(textStyleLabels).map(([value, label]) => ({ value, label: t(label) }))}
          onChange={(chosen) => chosen && onChange({ ...element, style: chosen as ReportTextStyle })}
        />
        <Menu position="bottom-start">
          <Menu.Target>
            <Button size="xs" variant="light">
              {t('Insert a variable')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {reportVariableNames.map((name) => (
              <Menu.Item key={name} onClick={() => insert(name)}>
                {t(variableLabels[name])} <code>{`{${name}}`}</code>
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}

function TitleField({ value, onChange }: { value: string | null; onChange: (title: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      size="xs"
      label={t('Title')}
      maxLength={reportBounds.titleMax}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
    />
  );
}

/**
 * The side panel's settings of the selected element: what its kind needs (text and style, rich text, series, the
 * range its values come from, layout…), then what every element has (repeat per space, page break before).
 */
export function ElementSettings({
  element,
  context,
  sources,
  dataslots,
  insideRepeat,
  onChange,
}: {
  element: ReportElement;
  context: ReportContextInfo;
  sources: ReportSources;
  dataslots: readonly ReportDataslot[];
  insideRepeat: boolean;
  onChange: (element: ReportElement) => void;
}) {
  const { t } = useTranslation();
  const series =
    'series' in element ? (
      <SeriesSelectionsField
        value={element.series}
        context={context}
        insideRepeat={insideRepeat}
        onChange={(selections) => onChange({ ...element, series: selections })}
      />
    ) : null;
  const data =
    'data' in element ? (
      <ElementDataField
        value={element.data}
        dataslots={dataslots}
        timeZone={context.timeZone}
        onChange={(edited) => onChange({ ...element, data: edited })}
        rangeOnly={element.kind === 'classification'}
      />
    ) : null;
  const title =
    'title' in element ? (
      <TitleField value={element.title} onChange={(edited) => onChange({ ...element, title: edited })} />
    ) : null;
  return (
    <Stack gap="sm" data-testid="element-settings">
      <Title order={2} size="h4">
        {t('{{kind}} settings', { kind: t(elementKindLabels[element.kind]) })}
      </Title>
      {element.kind === 'text' && <TextSettings element={element} onChange={onChange} />}
      {element.kind === 'richText' && (
        <RichTextField label={t('Rich text')} value={element.doc} onChange={(doc) => onChange({ ...element, doc })} />
      )}
      {title}
      {series}
      {element.kind === 'graph' && (
        <Group gap="md" align="end" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label={t('Graphs by')}
            value={element.groupBy}
            data={[
              { value: 'space', label: t('A graph per space') },
              { value: 'type', label: t('A graph per measurement') },
            ]}
            onChange={(value) => onChange({ ...element, groupBy: value as 'space' | 'type' })}
          />
          <Switch
            size="sm"
            label={t('Show limits')}
            checked={element.showLimits}
            onChange={(event) => onChange({ ...element, showLimits: event.currentTarget.checked })}
          />
        </Group>
      )}
      {element.kind === 'dataTable' && (
        <SegmentedControl
          size="xs"
          aria-label={t('Table layout')}
          value={element.layout}
          data={[
            { value: 'stats', label: t('Min/avg/max per series') },
            { value: 'slots', label: t('A row per slot') },
          ]}
          onChange={(value) => onChange({ ...element, layout: value as 'stats' | 'slots' })}
        />
      )}
      {element.kind === 'summary' && (
        <Switch
          size="sm"
          label={t('List the alarms of the range')}
          checked={element.alarms}
          onChange={(event) => onChange({ ...element, alarms: event.currentTarget.checked })}
        />
      )}
      {element.kind === 'dryingForecast' && (
        <NumberInput
          size="xs"
          label={t('Days fitted before the newest reading')}
          value={element.windowDays}
          min={dryingForecastBounds.windowDaysMin}
          max={dryingForecastBounds.windowDaysMax}
          allowDecimal={false}
          clampBehavior="strict"
          onChange={(value) => {
            if (typeof value === 'number' && Number.isInteger(value)) onChange({ ...element, windowDays: value });
          }}
        />
      )}
      {element.kind === 'classification' && (
        <Switch
          size="sm"
          label={t('Show the hours of the week outside the target')}
          checked={element.heatMap}
          onChange={(event) => onChange({ ...element, heatMap: event.currentTarget.checked })}
        />
      )}
      {element.kind === 'imageTour' && (
        <ImageTourSettings
          element={element}
          context={context}
          sources={sources}
          insideRepeat={insideRepeat}
          onChange={onChange}
        />
      )}
      {data}
      <Divider />
      <Switch
        size="sm"
        label={t('Repeat its contents for every shown space')}
        checked={element.repeatPerSpace}
        onChange={(event) => onChange({ ...element, repeatPerSpace: event.currentTarget.checked })}
      />
      <Switch
        size="sm"
        label={t('Start a new page before it')}
        checked={element.pageBreakBefore}
        onChange={(event) => onChange({ ...element, pageBreakBefore: event.currentTarget.checked })}
      />
    </Stack>
  );
}
