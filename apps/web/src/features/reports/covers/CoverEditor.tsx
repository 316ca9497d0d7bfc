import { useMutation } from '@apollo/client/react';
import {
  Button,
  FileInput,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type ReportCoverContent,
  type ReportTextStyle,
  type ReportVariableName,
  reportVariableNames,
  updateReportCoverInput,
} from '@olo/shared';
import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type ReportCoverAdminFieldsFragment, UpdateReportCoverDocument } from '../../../graphql/generated.ts';
import { useDirtyForm } from '../../forms/DirtyFormsProvider.tsx';
import { errorText } from '../../forms/errorText.ts';
import { useAttachmentUpload } from '../../project-edit/useAttachmentUpload.ts';
import { DeleteButton } from '../../ui/DeleteButton.tsx';
import { FormButtons } from '../../ui/FormButtons.tsx';
import { FormStack } from '../../ui/FormStack.tsx';
import { browserTimeZone } from '../../ui/timeZone.tsx';
import { CoverPage } from '../document/CoverPage.tsx';
import { memberReportSources } from '../document/reportModel.ts';
import type { ReportScope } from '../document/reportScope.ts';
import { RichTextField } from '../editor/RichTextField.tsx';
import { defaultReportDays, reportInstantsOfDays } from '../list/reportRange.ts';
import {
  type CoverElement,
  coverRichText,
  coverText,
  insertVariable,
  isCoverElement,
  moveItem,
  readCoverContent,
} from './coverContent.ts';
import { VariableMenu } from './VariableMenu.tsx';

/** A cover belongs to no space: every variable but the space's name. */
const coverVariables = reportVariableNames.filter((name) => name !== 'space.name');
const textStyles: readonly ReportTextStyle[] = ['title', 'heading', 'subheading', 'paragraph'];
const logoTypes: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const attachmentUrl = (attachmentId: string) => `/api/attachments/${attachmentId}`;

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
function CoverElementCard({
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
function LogoField({
  organizationId,
  logoAttachmentId,
  onChange,
}: {
  organizationId: string;
  logoAttachmentId: string | null;
  onChange: (attachmentId: string | null) => void;
}) {
  const { t } = useTranslation();
  const { upload, uploading, error, resetRef } = useAttachmentUpload({ organizationId }, logoTypes, onChange);
  return (
    <Stack gap={6}>
      {logoAttachmentId && (
        <Group gap="sm" align="center">
          <Image
            src={attachmentUrl(logoAttachmentId)}
            alt={t('Logo')}
            h={56}
            w="auto"
            fit="contain"
            data-testid="cover-logo"
          />
          <DeleteButton variant="subtle" size="compact-xs" onClick={() => onChange(null)}>
            {t('Remove the logo')}
          </DeleteButton>
        </Group>
      )}
      <FileInput
        label={logoAttachmentId ? t('Replace the logo') : t('Logo')}
        description={t('PNG, JPEG, WebP or GIF; shown at the top of the cover.')}
        placeholder={t('Choose an image')}
        accept={logoTypes.join(',')}
        value={null}
        onChange={(file) => void upload(file)}
        disabled={uploading}
        error={error}
        maw={480}
        resetRef={resetRef}
        fileInputProps={{ 'data-testid': 'cover-logo-input' } as ComponentProps<'input'>}
      />
      {uploading && <Text size="sm">{t('Uploading…')}</Text>}
    </Stack>
  );
}

/**
 * What the preview fills the variables with: a sample project of the organization over the last 30 days, in the
 * viewer's zone. The cover itself belongs to no project.
 */
function usePreviewScope(organizationName: string): ReportScope {
  const { t } = useTranslation();
  const [range] = useState(() => {
    const timeZone = browserTimeZone();
    const days = defaultReportDays({ defaultSelect: 30, timeZone }, Date.now());
    const { from, to } = reportInstantsOfDays(days.from, days.to, timeZone);
    return { timeZone, from: from?.getTime() ?? 0, to: to?.getTime() ?? 0 };
  });
  return {
    report: {
      name: t('Sample report'),
      content: { version: 1, elements: [] },
      dataslots: [],
      from: range.from,
      to: range.to,
      landscape: false,
      cover: null,
    },
    context: {
      projectId: 0,
      projectName: t('Sample project'),
      projectCode: 'P-1',
      organizationName,
      timeZone: range.timeZone,
      dataId: '',
      startAt: null,
      defaultSelect: 30,
      defaults: {},
      spaces: [],
      series: [],
      episodes: [],
    },
    sources: memberReportSources,
    currentSpace: null,
  };
}

/**
 * Edits a cover: its name, the organization's logo, its texts (with variables) and rich texts, in order. Saved as a
 * whole with `updateReportCover`; the shared schema checks it first, so a bad cover is refused here in the user's
 * words before the server sees it.
 */
export function CoverEditor({
  cover,
  organizationName,
  onDone,
}: {
  cover: ReportCoverAdminFieldsFragment;
  organizationName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const previewScope = usePreviewScope(organizationName);
  const [name, setName] = useState(cover.name);
  const [content, setContent] = useState<ReportCoverContent>(() => readCoverContent(cover.cover));
  const [initial] = useState(() => JSON.stringify({ name: cover.name, content: readCoverContent(cover.cover) }));
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [updateCover, { loading }] = useMutation(UpdateReportCoverDocument);
  const markSaved = useDirtyForm(`cover-${cover.id}`, JSON.stringify({ name, content }) !== initial);
  const elements = content.elements.filter(isCoverElement);

  const setElements = (next: CoverElement[]) => setContent({ ...content, elements: next });
  const replace = (index: number, element: CoverElement) =>
    setElements(elements.map((item, position) => (position === index ? element : item)));

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setNameError(null);
    const parsed = updateReportCoverInput.safeParse({ id: cover.id, name, cover: content });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === 'name') setNameError(t(issue.message));
      else setError(t(issue?.message ?? 'Invalid input'));
      return;
    }
    try {
      await updateCover({ variables: { input: { id: cover.id, name: parsed.data.name, cover: parsed.data.cover } } });
    } catch (failure) {
      setError(errorText(failure, t));
      return;
    }
    markSaved();
    toast.success(t('Saved.'));
    onDone();
  };

  return (
    <Paper withBorder p="md">
      <FormStack
        onSubmit={(event) => void submit(event)}
        label={t('Edit cover {{name}}', { name: cover.name })}
        error={error}
        gap="sm"
        testId="cover-editor"
      >
        <Title order={3} size="h4">
          {t('Edit cover {{name}}', { name: cover.name })}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="sm" miw={0}>
            <TextInput
              label={t('Name')}
              withAsterisk
              value={name}
              error={nameError}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <LogoField
              organizationId={cover.organizationId}
              logoAttachmentId={content.logoAttachmentId}
              onChange={(logoAttachmentId) => setContent({ ...content, logoAttachmentId })}
            />
            <Stack gap="xs">
              <Text fw={500} size="sm">
                {t('Texts of the cover')}
              </Text>
              {elements.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('No texts yet: the cover shows the logo alone.')}
                </Text>
              )}
              {elements.map((element, index) => (
                <CoverElementCard
                  key={element.id}
                  element={element}
                  index={index}
                  count={elements.length}
                  onChange={(next) => replace(index, next)}
                  onMove={(delta) => setElements(moveItem(elements, index, delta))}
                  onRemove={() => setElements(elements.filter((_item, position) => position !== index))}
                />
              ))}
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setElements([...elements, coverText('', 'paragraph')])}
                >
                  {t('Add a text')}
                </Button>
                <Button size="xs" variant="light" onClick={() => setElements([...elements, coverRichText()])}>
                  {t('Add a rich text')}
                </Button>
              </Group>
            </Stack>
          </Stack>
          <Stack gap={6} miw={0} data-testid="cover-preview">
            <Text fw={500} size="sm">
              {t('Preview with a sample project')}
            </Text>
            <CoverPage cover={content} scope={previewScope} />
          </Stack>
        </SimpleGrid>
        <FormButtons loading={loading} onCancel={onDone} />
      </FormStack>
    </Paper>
  );
}
