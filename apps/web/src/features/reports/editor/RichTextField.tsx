import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { isSafeReportLink, type RichTextNode } from '@olo/shared';
import { TableKit } from '@tiptap/extension-table';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A rich text's document as the editor gives it, with every link the report may not hold removed:
 * the editor already refuses such links when they are typed or pasted, this also covers content
 * that came in some other way (an old report, a value set from outside).
 */
export function safeRichTextDoc(node: RichTextNode): RichTextNode {
  const marks = node.marks?.filter(
    (mark) => mark.type !== 'link' || (typeof mark.attrs?.href === 'string' && isSafeReportLink(mark.attrs.href)),
  );
  return {
    ...node,
    ...(marks ? { marks } : {}),
    ...(node.content ? { content: node.content.map(safeRichTextDoc) } : {}),
  };
}

function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      boldControlLabel: t('Bold'),
      italicControlLabel: t('Italic'),
      underlineControlLabel: t('Underline'),
      strikeControlLabel: t('Strikethrough'),
      clearFormattingControlLabel: t('Clear formatting'),
      h2ControlLabel: t('Heading'),
      h3ControlLabel: t('Subheading'),
      h4ControlLabel: t('Minor heading'),
      bulletListControlLabel: t('Bulleted list'),
      orderedListControlLabel: t('Numbered list'),
      blockquoteControlLabel: t('Quotation'),
      hrControlLabel: t('Horizontal line'),
      linkControlLabel: t('Link'),
      unlinkControlLabel: t('Remove link'),
      linkEditorInputLabel: t('Link address (https://, http:// or mailto:)'),
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t('Opens in a new tab'),
      linkEditorInternalLink: t('Opens in the same tab'),
      linkEditorSave: t('Save'),
      tableInsertControlLabel: t('Insert a table'),
      tableInsertLabel: (columns: number, rows: number) => t('Table of {{columns}} × {{rows}}', { columns, rows }),
      tableDeleteControlLabel: t('Delete the table'),
      tableRowAfterControlLabel: t('Add a row below'),
      tableRowDeleteControlLabel: t('Delete the row'),
      tableColumnAfterControlLabel: t('Add a column to the right'),
      tableColumnDeleteControlLabel: t('Delete the column'),
      tableToggleHeaderRowControlLabel: t('Header row on or off'),
      undoControlLabel: t('Undo'),
      redoControlLabel: t('Redo'),
    }),
    [t],
  );
}

export interface RichTextFieldProps {
  label: string;
  description?: string;
  error?: string;
  /** TipTap JSON (`richTextDocSchema` of packages/shared). */
  value: RichTextNode;
  onChange: (doc: RichTextNode) => void;
  /** Minimum height of the writing area, in px. */
  minHeight?: number;
}

/**
 * Rich text of a report or a cover, edited with Mantine's TipTap editor: headings, paragraphs,
 * lists, bold/italic/underline/strike, links (only those `isSafeReportLink` allows) and simple
 * tables: what `richTextDocSchema` accepts and the report renderer draws, nothing more.
 */
export function RichTextField({ label, description, error, value, onChange, minHeight = 120 }: RichTextFieldProps) {
  const labels = useEditorLabels();
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  // The document last given to or taken from the editor, as JSON: a value that differs came from outside.
  const known = useRef(JSON.stringify(value));

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Not in `richTextNodeTypes`: code blocks are not report content.
        codeBlock: false,
        heading: { levels: [2, 3, 4] },
        link: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isSafeReportLink(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
      }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(description ? { 'aria-describedby': descriptionId } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: changed }) => {
      const doc = safeRichTextDoc(changed.getJSON() as RichTextNode);
      known.current = JSON.stringify(doc);
      onChangeRef.current(doc);
    },
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = JSON.stringify(value);
    if (next === known.current) return;
    known.current = next;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={description}
      error={error}
      labelProps={{ id: labelId }}
      descriptionProps={{ id: descriptionId }}
    >
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.TableInsert />
            <RichTextEditor.TableRowAfter />
            <RichTextEditor.TableRowDelete />
            <RichTextEditor.TableColumnAfter />
            <RichTextEditor.TableColumnDelete />
            <RichTextEditor.TableToggleHeaderRow />
            <RichTextEditor.TableDelete />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
