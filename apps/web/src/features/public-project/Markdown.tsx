import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/**
 * Summary pages are Markdown written by project admins and shown to anybody with a public link, so they are turned
 * into React elements here and never into HTML: headings, paragraphs, lists, bold, italics, code and links (of the
 * web and mail only). Anything else shows as the text it is.
 */

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

const headingPattern = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const bulletPattern = /^\s*[-*+]\s+(.*)$/;
const numberedPattern = /^\s*\d+[.)]\s+(.*)$/;

export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  // Declared with `as` so that the loop does not narrow them to their first value.
  let paragraph = null as string[] | null;
  let list = null as Extract<Block, { kind: 'list' }> | null;
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = headingPattern.exec(line);
    const bullet = bulletPattern.exec(line);
    const numbered = numberedPattern.exec(line);
    if (!line.trim()) {
      paragraph = null;
      list = null;
    } else if (heading) {
      paragraph = null;
      list = null;
      blocks.push({ kind: 'heading', level: heading[1]?.length as 1, text: heading[2] ?? '' });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered && !bullet);
      const item = (bullet ?? numbered)?.[1] ?? '';
      if (list?.ordered === ordered) {
        list.items.push(item);
      } else {
        paragraph = null;
        list = { kind: 'list', ordered, items: [item] };
        blocks.push(list);
      }
    } else if (list && /^\s+\S/.test(line)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else if (paragraph) {
      paragraph.push(line.trim());
    } else {
      list = null;
      paragraph = [line.trim()];
      blocks.push({ kind: 'paragraph', lines: paragraph });
    }
  }
  return blocks;
}

/** Links of the web, mail or this site; `javascript:` and the like stay text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  return null;
}

// Underscores count only around words, so that names like file_name_here stay as they are.
const inlinePattern =
  /\*\*(.+?)\*\*|(?<!\w)__(.+?)__(?!\w)|\*(.+?)\*|(?<!\w)_(.+?)_(?!\w)|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const key = `${index}`;
    const [whole, starred, underlined, starredEmphasis, underlinedEmphasis, code, linkText, href] = match;
    const strong = starred ?? underlined;
    const emphasis = starredEmphasis ?? underlinedEmphasis;
    if (strong !== undefined) nodes.push(<strong key={key}>{renderInline(strong)}</strong>);
    else if (emphasis !== undefined) nodes.push(<em key={key}>{renderInline(emphasis)}</em>);
    else if (code !== undefined) nodes.push(<Code key={key}>{code}</Code>);
    else if (linkText !== undefined && href !== undefined) {
      const safe = safeHref(href);
      nodes.push(
        safe ? (
          <Anchor key={key} href={safe} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(linkText)}
          </Anchor>
        ) : (
          whole
        ),
      );
    }
    last = index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function Markdown({ source }: { source: string }) {
  return (
    <Stack gap="sm">
      {markdownBlocks(source).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'heading') {
          // Page titles are h2, so the headings inside a page start one level lower.
          const order = Math.min(block.level + 2, 6) as 3 | 4 | 5 | 6;
          return (
            <Title key={key} order={order}>
              {renderInline(block.text)}
            </Title>
          );
        }
        if (block.kind === 'list') {
          return (
            <List key={key} type={block.ordered ? 'ordered' : 'unordered'}>
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are text without ids, and never reordered.
                <List.Item key={itemIndex}>{renderInline(item)}</List.Item>
              ))}
            </List>
          );
        }
        return (
          <Text key={key}>
            {block.lines.map((line, lineIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are text without ids, and never reordered.
              <Fragment key={lineIndex}>
                {lineIndex > 0 && <br />}
                {renderInline(line)}
              </Fragment>
            ))}
          </Text>
        );
      })}
    </Stack>
  );
}
