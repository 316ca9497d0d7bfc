import { Alert, Button, Divider, Grid, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  type ReportCoverContent,
  type ReportElement,
  type ReportElementKind,
  reportBounds,
  reportErrors,
  walkReportElements,
} from '@olo/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText } from '../../forms/errorText.ts';
import { useShowError } from '../../forms/useShowError.ts';
import { useUnsavedChangesPrompt } from '../../navigation/useUnsavedChangesPrompt.ts';
import { DisplayTimeZone } from '../../ui/timeZone.tsx';
import type { ReportContextInfo, ReportScope, ReportSources } from '../document/reportScope.ts';
import { DownloadPdfButton } from '../download/DownloadPdfButton.tsx';
import { linkLanguage, reportPdfUrl } from '../download/reportPdf.ts';
import { EditorCanvas } from './EditorCanvas.tsx';
import { ElementPalette } from './ElementPalette.tsx';
import { ElementSettings } from './ElementSettings.tsx';
import { elementKindLabels, elementSummary } from './elementKinds.ts';
import { RangeSettings } from './RangeSettings.tsx';
import classes from './ReportEditor.module.css';
import { shownReportRange } from './ReportPeriodFields.tsx';
import { type NamedChoice, PublishControls, ReportSettings } from './ReportSettings.tsx';
import { findReportElement, newReportElement } from './reportTree.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { SettingsDisclosure } from './SettingsDisclosure.tsx';
import { type ReportDraft, useReportAutosave } from './useReportAutosave.ts';

export interface ReportCoverChoice extends NamedChoice {
  cover: ReportCoverContent;
}

/** Whether the element sits inside a container that repeats its children per space (`current` means something). */
function insideRepeat(elements: readonly ReportElement[], id: string): boolean {
  const search = (list: readonly ReportElement[], repeating: boolean): boolean | null => {
    for (const element of list) {
      if (element.id === id) return repeating;
      const inner = search(element.children, repeating || element.repeatPerSpace);
      if (inner !== null) return inner;
    }
    return null;
  };
  return search(elements, false) ?? false;
}

function countElements(elements: readonly ReportElement[]): number {
  let count = 0;
  walkReportElements(elements, () => {
    count += 1;
  });
  return count;
}

export interface ReportEditorProps {
  reportId: number;
  version: number;
  initial: ReportDraft;
  publicId: string | null;
  context: ReportContextInfo;
  sources: ReportSources;
  covers: readonly ReportCoverChoice[];
  printTemplates: readonly NamedChoice[];
  /** Saves the draft over `version`; gives the new version. */
  save: (draft: ReportDraft, version: number) => Promise<number>;
  /** Publishes (a new link each time) or unpublishes; gives the report's public id (null when unpublished) and version. */
  setPublished: (published: boolean) => Promise<{ publicId: string | null; version: number }>;
  /** The report as the server now holds it, after someone else changed it. */
  reload: () => Promise<{ draft: ReportDraft; version: number }>;
}

/**
 * The report editor: its name, save state and publishing at the top with the report's settings (page, range, data
 * slots) folded away, the page-shaped canvas, and beside it (under it on a phone) the palette and the selected
 * element's settings, kept in view while the pages scroll. A new element is selected and scrolled into view. Every
 * change is saved on its own shortly after it is made.
 */
export function ReportEditor(props: ReportEditorProps) {
  const { t, i18n } = useTranslation();
  const showError = useShowError();
  const autosave = useReportAutosave({ initial: props.initial, version: props.version, save: props.save });
  const { draft, dispatch, state } = autosave;
  useUnsavedChangesPrompt(state !== 'saved');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [revealId, setRevealId] = useState<string | null>(null);
  const [publicId, setPublicId] = useState(props.publicId);
  const [publishing, setPublishing] = useState(false);
  const [reloading, setReloading] = useState(false);

  const cover = props.covers.find((item) => item.id === draft.coverId) ?? null;
  const shown = useMemo(() => shownReportRange(draft, props.context.timeZone), [draft, props.context.timeZone]);
  const scope = useMemo<ReportScope>(
    () => ({
      report: {
        name: draft.name,
        content: draft.content,
        dataslots: draft.dataslots,
        from: shown.from,
        to: shown.to,
        landscape: draft.landscape,
        cover: cover ? { name: cover.name, cover: cover.cover } : null,
      },
      context: props.context,
      sources: props.sources,
      currentSpace: null,
    }),
    [draft, shown, cover, props.context, props.sources],
  );
  const elements = draft.content.elements;
  const selected = selectedId ? findReportElement(elements, selectedId) : null;
  const selectedName = selected ? (elementSummary(selected) ?? t(elementKindLabels[selected.kind])) : null;

  const add = (kind: ReportElementKind, inside: boolean) => {
    if (countElements(elements) >= reportBounds.elementsMax) {
      toast.error(t(reportErrors.tooManyElements));
      return;
    }
    const parent = inside ? selected : null;
    const repeated = parent !== null && (parent.repeatPerSpace || insideRepeat(elements, parent.id));
    const element = newReportElement(kind, { insideRepeat: repeated });
    dispatch({ type: 'tree', action: { type: 'add', element, parentId: parent ? parent.id : null } });
    setSelectedId(element.id);
    setRevealId(element.id);
  };

  // A new element is drawn on the next render: then brought into view, wherever the page was scrolled.
  useEffect(() => {
    if (revealId === null) return;
    const frame = document.querySelector(`[data-element-id="${revealId}"]`);
    if (!frame) return;
    setRevealId(null);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    frame.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  }, [revealId]);

  const publish = async (published: boolean) => {
    setPublishing(true);
    try {
      const result = await props.setPublished(published);
      autosave.adoptVersion(result.version);
      setPublicId(result.publicId);
    } catch (failure) {
      showError(failure);
    } finally {
      setPublishing(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await props.reload();
      autosave.reload(fresh.draft, fresh.version);
      setSelectedId(null);
    } catch (failure) {
      showError(failure);
    } finally {
      setReloading(false);
    }
  };

  return (
    <DisplayTimeZone zone={props.context.timeZone}>
      <Stack gap="md" data-testid="report-editor">
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <Group justify="space-between" align="end" gap="sm" wrap="wrap">
              <TextInput
                style={{ flex: '1 1 260px' }}
                label={t('Report name')}
                value={draft.name}
                maxLength={200}
                error={draft.name.trim() ? undefined : t('Required')}
                onChange={(event) => dispatch({ type: 'set', changes: { name: event.currentTarget.value } })}
              />
              <Group gap="sm" align="center">
                <SaveIndicator state={state} onRetry={autosave.retry} />
                {/* The server prints the saved version: a PDF asked before the last change is saved would lack it. */}
                <DownloadPdfButton
                  url={reportPdfUrl(props.reportId, linkLanguage(i18n.language))}
                  reportName={draft.name}
                  disabledReason={
                    state === 'saved' ? null : t('The PDF can be downloaded once your changes are saved.')
                  }
                />
              </Group>
            </Group>
            {state === 'failed' && autosave.error !== null && (
              <Text size="sm" c="red.8" role="alert" data-testid="save-error">
                {errorText(autosave.error, t)}
              </Text>
            )}
            {state === 'conflict' && (
              <Alert color="red" title={t('Not saved')} data-testid="save-conflict">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{errorText(autosave.error, t)}</Text>
                  <Text size="sm">
                    {t('Reloading shows the report as it now is; your changes since the last save are lost.')}
                  </Text>
                  <Button size="xs" loading={reloading} onClick={() => void reload()}>
                    {t('Reload the report')}
                  </Button>
                </Stack>
              </Alert>
            )}
            <PublishControls
              publicId={publicId}
              busy={publishing}
              onPublish={() => void publish(true)}
              onUnpublish={() => void publish(false)}
            />
            <SettingsDisclosure
              from={shown.from}
              to={shown.to}
              dataslotCount={draft.dataslots.length}
              timeZone={props.context.timeZone}
            >
              <ReportSettings
                draft={draft}
                covers={props.covers}
                printTemplates={props.printTemplates}
                onChange={(changes) => dispatch({ type: 'set', changes })}
              />
              <Divider />
              <RangeSettings
                from={shown.from}
                to={shown.to}
                period={draft.period}
                dataslots={draft.dataslots}
                timeZone={props.context.timeZone}
                onRange={(range) => dispatch({ type: 'set', changes: range })}
                // Back to fixed dates at the period now shown, so that nothing moves.
                onPeriod={(period) => dispatch({ type: 'set', changes: period ? { period } : { period, ...shown } })}
                onDataslots={(dataslots) => dispatch({ type: 'set', changes: { dataslots } })}
              />
            </SettingsDisclosure>
          </Stack>
        </Paper>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }} style={{ minWidth: 0 }}>
            <EditorCanvas
              elements={elements}
              cover={cover?.cover ?? null}
              landscape={draft.landscape}
              scope={scope}
              selectedId={selected ? selected.id : null}
              onSelect={setSelectedId}
              onTree={(action) => {
                dispatch({ type: 'tree', action });
                if (action.type === 'remove' && action.id === selectedId) setSelectedId(null);
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} style={{ minWidth: 0 }}>
            <Stack gap="md" className={classes.sidePanel} data-testid="editor-side-panel">
              <Paper withBorder p="sm">
                <ElementPalette selectedName={selectedName} onAdd={add} />
              </Paper>
              <Paper withBorder p="sm" data-testid="element-panel">
                {selected ? (
                  <ElementSettings
                    key={selected.id}
                    element={selected}
                    context={props.context}
                    sources={props.sources}
                    dataslots={draft.dataslots}
                    insideRepeat={insideRepeat(elements, selected.id)}
                    onChange={(element) =>
                      dispatch({ type: 'tree', action: { type: 'update', id: selected.id, element } })
                    }
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('Select an element on the page to change its settings.')}
                  </Text>
                )}
              </Paper>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </DisplayTimeZone>
  );
}
