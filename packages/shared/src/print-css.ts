/// <reference path="./css-tree-parts.d.ts" />
import type { CssNode } from 'css-tree';
import parse from 'css-tree/parser';
import walk from 'css-tree/walker';

/**
 * A print template's extra CSS checked on its syntax tree (decision 0143), as a browser reads it: strings,
 * comments and escapes are the parser's business, not a pattern's (a `/*` inside a string once hid a url()
 * from the comment-stripping check). Only the parser and walker of css-tree are imported, not its lexer and
 * its syntax data, so the editor's chunk stays small.
 */

/** At-rules a print stylesheet uses; anything else (@import, @font-face, @namespace, @-moz-document …) is refused. */
const allowedAtRules = new Set([
  'media',
  'page',
  'supports',
  'layer',
  'container',
  'scope',
  'keyframes',
  'counter-style',
  // The margin boxes of @page.
  ...['top', 'bottom'].flatMap((side) =>
    ['left-corner', 'left', 'center', 'right', 'right-corner'].map((box) => `${side}-${box}`),
  ),
  ...['left', 'right'].flatMap((side) => ['top', 'middle', 'bottom'].map((box) => `${side}-${box}`)),
]);

/** Functions that load an image or a document, or run script (old IE); compared without a vendor prefix. */
const loadingFunctions = new Set(['url', 'src', 'image', 'image-set', 'cross-fade', 'element', 'expression']);

/** Properties and descriptors that load something or bind behaviour (`src` of @font-face; old IE and Firefox). */
const loadingProperties = new Set(['src', 'behavior', 'binding']);

/** The only url() kept: an inline picture, which loads nothing. */
const inlineImage = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;

const unprefixed = (name: string) => name.toLowerCase().replace(/^-[a-z]+-/, '');

function isRefused(node: CssNode): boolean {
  switch (node.type) {
    case 'Url':
      return !inlineImage.test(node.value.trim());
    case 'Function':
      return loadingFunctions.has(unprefixed(node.name));
    case 'Atrule':
      return !allowedAtRules.has(unprefixed(node.name));
    case 'Declaration':
      return loadingProperties.has(unprefixed(node.property));
    // What the parser could not read as CSS (it recovers with Raw nodes) is not taken on trust.
    case 'Raw':
      return node.value.trim() !== '';
    default:
      return false;
  }
}

/**
 * Extra CSS that loads nothing: it parses without error, and its tree has no url() but inline pictures, no
 * @import, @font-face or other at-rule beyond those of print (@media, @page and its margin boxes, @supports …),
 * no image-set(), image(), cross-fade(), element(), expression(), no `src`, `behavior` or `binding`. Custom
 * properties are parsed too (a url() kept in one would reach its var()). Backslashes and `<` are refused before
 * parsing: an escape can spell a function's name, and the CSS sits in a style element.
 */
export function isSafePrintCss(css: string): boolean {
  if (/[\\<]/.test(css)) return false;
  let failed = false;
  const tree = parse(css, {
    parseCustomProperty: true,
    onParseError: () => {
      failed = true;
    },
  });
  if (failed) return false;
  let refused = false;
  walk(tree, (node) => {
    if (!refused && isRefused(node)) refused = true;
  });
  return !refused;
}
