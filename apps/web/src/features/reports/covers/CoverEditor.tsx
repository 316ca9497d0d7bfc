import { useMutation } from '@apollo/client/react';
import { Button, FileInput, Group, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type ReportCoverContent, updateReportCoverInput } from '@olo/shared';
import { type ComponentProps, useState } from 'react';
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
import { defaultReportDays, reportInstantsOfDays } from '../list/reportRange.ts';
import { CoverElementCard } from './CoverElementCard.tsx';
import {
  type CoverElement,
  coverRichText,
  coverText,
  isCoverElement,
  moveItem,
  readCoverContent,
} from './coverContent.ts';

const logoTypes: readonly string[] = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const attachmentUrl = (attachmentId: string) => `/api/attachments/${attachmentId}`;

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
