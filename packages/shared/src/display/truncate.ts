/** Characters a text keeps before it is cut, unless a view asks for another length (spec section 5). */
export const defaultTruncationLength = 15;

/** What stands for the cut part: three full stops, not the '…' character (spec section 5). */
export const truncationMark = '...';

// Characters as a reader counts them (grapheme clusters): 'ä' written as a + combining diaeresis, or an emoji with
// its variation selector, is one character and is never cut in half.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A text cut to `maxLength` characters followed by '...', or whole when it fits. Null and undefined read as ''. */
export function truncateText(text: string | null | undefined, maxLength: number = defaultTruncationLength): string {
  if (!text) return '';
  const characters = Array.from(graphemes.segment(text), (part) => part.segment);
  if (characters.length <= maxLength) return text;
  return `${characters.slice(0, Math.max(0, Math.floor(maxLength))).join('')}${truncationMark}`;
}
