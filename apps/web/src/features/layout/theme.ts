import {
  type Card,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
  type Paper,
  type TableScrollContainer,
  type Tabs,
  type Title,
} from '@mantine/core';
import tabsClasses from './Tabs.module.css';

/**
 * Olo's brand blue. Shade 6 (filled buttons, links, the active tab) is #0b66c3: 5.7:1 against white in both
 * directions, so white text on a button and blue text on the page both pass WCAG AA (4.5:1); Mantine's own blue-6
 * gives 3.6:1. The lighter shades are the tints of light variants and hover backgrounds.
 */
export const oloBlue: MantineColorsTuple = [
  '#e6f1fc',
  '#cfe2f7',
  '#9fc3ee',
  '#6ba2e5',
  '#3f86dc',
  '#2275d6',
  '#0b66c3',
  '#0a58a9',
  '#084a8e',
  '#063b73',
];

/** Dimmed text: 5.9:1 on white and 5.4:1 on the grey of cards, where Mantine's grey-6 gives 3.3:1. */
const dimmedLight = '#5c636a';
/** Placeholders: 4.8:1 on white (Mantine's grey-5 gives 2.1:1), still lighter than what was typed. */
const placeholderLight = '#6c737a';

/** WCAG 2.1 contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The first of a palette's shades from 6 on (then shade 9 darkened) that reads at 4.5:1 on `background`. */
export function readableShade(palette: readonly string[], background: string): string {
  const candidates = [6, 7, 8, 9].map((shade) => palette[shade] as string);
  const darkest = palette[9] as string;
  for (const amount of [0.15, 0.3, 0.45]) candidates.push(darken(darkest, amount));
  return candidates.find((color) => contrastRatio(color, background) >= 4.5) ?? '#000000';
}

/**
 * Text drawn in a theme colour (`c="red"`, outline and light buttons and badges) reads at 4.5:1 in every palette:
 * Mantine draws it in shade 6 on white (red 3.3:1, orange 2.7:1) and shade 9 on the light variant's tint (green 3.8:1).
 */
function readableColorVariables(colors: Record<string, readonly string[]>): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, palette] of Object.entries(colors)) {
    if (name === 'dark') continue;
    const onWhite = readableShade(palette, '#ffffff');
    variables[`--mantine-color-${name}-text`] = onWhite;
    variables[`--mantine-color-${name}-outline`] = onWhite;
    // The light variant's hover tint (shade 2) is its darkest background.
    variables[`--mantine-color-${name}-light-color`] = readableShade(palette, palette[2] as string);
  }
  return variables;
}

const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': dimmedLight,
    '--mantine-color-placeholder': placeholderLight,
    ...readableColorVariables({ ...DEFAULT_THEME.colors, ...theme.colors }),
  },
  dark: {},
});

/**
 * The system's own interface font: no download, no flash of another font, and each platform's most legible face
 * (San Francisco, Segoe UI, Roboto, Cantarell, Noto). Tabular figures keep columns of readings aligned.
 */
export const oloFontFamily =
  "system-ui, -apple-system, 'Segoe UI', Roboto, Cantarell, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";
const oloMonospace = "ui-monospace, 'SF Mono', 'Cascadia Mono', 'Roboto Mono', Menlo, Consolas, monospace";

/**
 * A component's theme entry, typed as its `Component.extend` would type it. `extend` only returns its argument, and
 * calling it would import the component itself: Table with its ScrollArea (and floating-ui), Tabs, Card, Paper and
 * Title would then all be in the initial JavaScript, which must stay under 250 KB (scripts/bundle-size.mjs).
 */
type Extension<Component extends { extend: (input: never) => unknown }> = Parameters<Component['extend']>[0];

export const theme = createTheme({
  fontFamily: oloFontFamily,
  fontFamilyMonospace: oloMonospace,
  // Body text 16 px at 1.55: the reading size of WCAG's and the platforms' guidance; small text stays at 14 px.
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.55', lg: '1.6', xl: '1.65' },
  // A calm scale: the page title clearly first, sections and cards below it, none shouting. Weight carries rank
  // rather than size alone, so that a phone's narrow column keeps titles on one or two lines.
  headings: {
    fontFamily: oloFontFamily,
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.75rem', lineHeight: '1.25', fontWeight: '700' },
      h2: { fontSize: '1.375rem', lineHeight: '1.3' },
      h3: { fontSize: '1.125rem', lineHeight: '1.35' },
      h4: { fontSize: '1rem', lineHeight: '1.4' },
      h5: { fontSize: '0.9375rem', lineHeight: '1.45' },
      h6: { fontSize: '0.875rem', lineHeight: '1.45' },
    },
  },
  // One radius for cards, inputs and buttons: softer than Mantine's 4 px, still square enough for tables of values.
  defaultRadius: 'md',
  radius: { xs: '2px', sm: '4px', md: '8px', lg: '12px', xl: '16px' },
  // The gaps of Stack/Group and paddings: Mantine's steps, with md at 16 px as the base rhythm.
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  shadows: {
    xs: '0 1px 2px rgba(16, 24, 40, 0.06)',
    sm: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)',
  },
  // `blue` too: pages that name the colour (a tab's underline, a link) get the same readable shade.
  colors: { olo: oloBlue, blue: oloBlue },
  primaryColor: 'olo',
  primaryShade: 6,
  // Filled badges and buttons choose black or white text by their colour's luminance. 0.179 is where black and
  // white have equal contrast, so each gets the better one (an orange badge reads black on orange, 8:1 instead of
  // white's 2.7:1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  // The focus ring shows for keyboard users on every control (focus-visible), see theme.css.
  focusRing: 'auto',
  components: {
    // Tab lists scroll sideways on a narrow screen rather than wrapping into several rows.
    Tabs: { classNames: { list: tabsClasses.list, tab: tabsClasses.tab } } satisfies Extension<typeof Tabs>,
    // A table wider than a phone scrolls in its own box, which the keyboard can reach and scroll (WCAG 2.1.1).
    TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } } satisfies Extension<
      typeof TableScrollContainer
    >,
    // Cards and framed papers share one look: a hairline border and the faintest shadow, on the white page.
    Card: { defaultProps: { withBorder: true, radius: 'md', shadow: 'xs' } } satisfies Extension<typeof Card>,
    Paper: { defaultProps: { radius: 'md' } } satisfies Extension<typeof Paper>,
    // A heading that wraps splits into lines of even length rather than leaving one word alone.
    Title: { styles: { root: { textWrap: 'balance' } } } satisfies Extension<typeof Title>,
  },
});

export { cssVariablesResolver };
