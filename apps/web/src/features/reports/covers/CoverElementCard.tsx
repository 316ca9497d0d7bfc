import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { type ReportTextStyle, type ReportVariableName, reportVariableNames } from '@olo/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../ui/DeleteButton.tsx';
import { RichTextField } from '../editor/RichTextField.tsx';
import { type CoverElement, insertVariable } from './coverContent.ts';
import { VariableMenu } from './VariableMenu.tsx';

/** A cover belongs to no space: every variable but the space's name. */
const coverVariables = reportVariableNames.filter((name) => name !== 'space.name');
const textStyles: readonly ReportTextStyle[] = ['title', 'heading', 'subheading', 'paragraph'];

function useTextStyleLabels(): Record<ReportTextStyle, string> {
  const { t } = useTranslation();
  return { title: t('Main title'), heading: t('Heading'), subheading: t('Subheading'), paragraph: t('Paragraph') };
}

function TextElementFields({
  element,
  index,
  onChange,
}: {
  element: Extract<CoverElement, { kind: 'text' }>;
  index: number;
  onChange: (element: CoverElement) => void;
}) {
  const { t } = useTranslation();
  const styleLabels = useTextStyleLabels();
  const field = useRef<HTMLTextAreaElement>(null);
  const label = t('Text {{number}}', { number: index + 1 });
  const insert = (name: ReportVariableName) => {
    const input = field.current;
    const { text, cursor } = insertVariable(
      element.text,
      name,
      input?.selectionStart ?? null,
      input?.selectionEnd ?? null,
    );
    onChange({ ...element, text });
    // The cursor goes on after the variable, where the user goes on typing.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(cursor, cursor);
    });
  };
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('Style of text {{number}}', { number: index + 1 })}
          allowDeselect={false}
          data={textStyles.map((style) => ({ value: style, label: styleLabels[style] }))}
          value={element.style}
          onChange={(style) => style && onChange({ ...element, style: style as ReportTextStyle })}
        />
      </SimpleGrid>
      <Textarea
        ref={field}
        label={label}
        autosize
        minRows={1}
        maxRows={6}
        value={element.text}
        onChange={(event) => onChange({ ...element, text: event.currentTarget.value })}
      />
      <Group>
        <VariableMenu
          names={coverVariables}
          onPick={insert}
          label={t('Insert a variable into text {{number}}', { number: index + 1 })}
        />
      </Group>
    </Stack>
  );
}

function ElementFields({
  element,
  index,
  onChange,
}: {
  element: CoverElement;
  index: number;
  onChange: (element: CoverElement) => void;
}) {
  const { t } = useTranslation();
  if (element.kind === 'text') return <TextElementFields element={element} index={index} onChange={onChange} />;
  return (
    <RichTextField
      label={t('Rich text {{number}}', { number: index + 1 })}
      value={element.doc}
      onChange={(doc) => onChange({ ...element, doc })}
      minHeight={80}
    />
  );
}

/** One element of the cover with its fields, and buttons to move or remove it. */
export function CoverElementCard({
  element,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  element: CoverElement;
  index: number;
  count: number;
  onChange: (element: CoverElement) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name =
    element.kind === 'text'
      ? t('Text {{number}}', { number: index + 1 })
      : t('Rich text {{number}}', { number: index + 1 });
  return (
    <Paper withBorder p="sm" data-testid="cover-element">
      <Stack gap="xs">
        <ElementFields element={element} index={index} onChange={onChange} />
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="default"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('Move up: {{name}}', { name })}
          >
            {t('Move up')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={t('Move down: {{name}}', { name })}
          >
            {t('Move down')}
          </Button>
          <DeleteButton label={t('Remove {{name}}', { name })} variant="subtle" size="compact-xs" onClick={onRemove}>
            {t('Remove')}
          </DeleteButton>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The organization's logo on the cover: an image uploaded as the organization's attachment, or none. */
