import { z } from 'zod';
import { reportBounds, reportErrors } from './bounds.ts';

/** A link a rich text may hold: nothing that runs script or leaves the page through another scheme. */
export function isSafeReportLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim()) && href.length <= reportBounds.linkMax;
}

/**
 * A rich text's document as TipTap (ProseMirror) JSON, limited to what the editor offers and the
 * renderer draws: headings, paragraphs, lists, bold/italic/underline/strike, links, simple tables.
 * Attributes other than the ones named are ignored when drawn; links are checked here.
 */
export const richTextNodeTypes = [
  'doc',
  'paragraph',
  'heading',
  'text',
  'hardBreak',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'horizontalRule',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
] as const;
export const richTextMarkTypes = ['bold', 'italic', 'underline', 'strike', 'code', 'link'] as const;

const richTextMark = z
  .object({
    type: z.enum(richTextMarkTypes),
    attrs: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((mark, context) => {
    if (mark.type !== 'link') return;
    const href = mark.attrs?.href;
    if (typeof href !== 'string' || !isSafeReportLink(href)) {
      context.addIssue({ code: 'custom', message: reportErrors.invalidLink, path: ['attrs', 'href'] });
    }
  });

export interface RichTextNode {
  type: (typeof richTextNodeTypes)[number];
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  marks?: z.output<typeof richTextMark>[];
  text?: string;
}

export const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .object({
      type: z.enum(richTextNodeTypes),
      attrs: z.record(z.string(), z.unknown()).optional(),
      content: z.array(richTextNodeSchema).optional(),
      marks: z.array(richTextMark).max(richTextMarkTypes.length).optional(),
      text: z.string().max(reportBounds.richTextTextMax).optional(),
    })
    .strip(),
);

export const richTextDocSchema = richTextNodeSchema.superRefine((doc, context) => {
  if (doc.type !== 'doc') context.addIssue({ code: 'custom', message: 'Invalid document' });
  let nodes = 0;
  let characters = 0;
  const stack: RichTextNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop() as RichTextNode;
    nodes += 1;
    characters += node.text?.length ?? 0;
    if (node.content) stack.push(...node.content);
  }
  if (nodes > reportBounds.richTextNodesMax || characters > reportBounds.richTextTextMax) {
    context.addIssue({ code: 'custom', message: reportErrors.tooLarge });
  }
});

export const emptyRichTextDoc: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };
