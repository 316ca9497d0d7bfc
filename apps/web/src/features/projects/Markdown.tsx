import { Anchor, Blockquote, Code, Divider, Image, List, Text, Title, type TitleOrder } from '@mantine/core';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { type Block, type Inline, parseMarkdown } from './markdown.ts';

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map((node, index) => {
    const key = `${node.type}-${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.text}</Fragment>;
      case 'break':
        return <br key={key} />;
      case 'code':
        return <Code key={key}>{node.text}</Code>;
      case 'strong':
        return <strong key={key}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={key}>{renderInline(node.children)}</em>;
      case 'image':
        return <Image key={key} src={node.src} alt={node.alt} maw="100%" w="auto" display="inline-block" />;
      case 'link':
        // Paths of this site stay in the app; other sites open beside it, told nothing of this page.
        if (node.link.kind === 'path') {
          return (
            <Anchor key={key} component={Link} to={node.link.href}>
              {renderInline(node.children)}
            </Anchor>
          );
        }
        return node.link.kind === 'external' ? (
          <Anchor key={key} href={node.link.href} target="_blank" rel="noopener noreferrer">
            {renderInline(node.children)}
          </Anchor>
        ) : (
          <Anchor key={key} href={node.link.href}>
            {renderInline(node.children)}
          </Anchor>
        );
    }
    return null;
  });
}

function renderBlocks(blocks: Block[], headingOffset: number): ReactNode {
  return blocks.map((block, index) => {
    const key = `${block.type}-${index}`;
    switch (block.type) {
      case 'heading':
        return (
          <Title key={key} order={Math.min(6, block.level + headingOffset) as TitleOrder} mt="sm" mb="xs">
            {renderInline(block.children)}
          </Title>
        );
      case 'paragraph':
        return (
          <Text key={key} mb="sm">
            {renderInline(block.children)}
          </Text>
        );
      case 'list':
        return (
          <List key={key} type={block.ordered ? 'ordered' : 'unordered'} start={block.start} mb="sm">
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity of their own beyond their place.
              <List.Item key={itemIndex}>{renderInline(item)}</List.Item>
            ))}
          </List>
        );
      case 'quote':
        return (
          <Blockquote key={key} mb="sm" p="sm">
            {renderBlocks(block.children, headingOffset)}
          </Blockquote>
        );
      case 'code':
        return (
          <Code key={key} block mb="sm">
            {block.text}
          </Code>
        );
      case 'rule':
        return <Divider key={key} my="sm" />;
    }
    return null;
  });
}

/**
 * Renders Markdown written by project admins as React elements, never as HTML. `headingOffset` moves its headings
 * below the heading the content sits under (a page's `#` under the page name's level-2 heading is level 3).
 */
export function Markdown({ content, headingOffset = 2 }: { content: string; headingOffset?: number }) {
  const blocks = useMemo(() => parseMarkdown(content), [content]);
  return <div>{renderBlocks(blocks, headingOffset)}</div>;
}
