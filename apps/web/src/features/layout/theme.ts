import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, Tabs } from '@mantine/core';
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

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': dimmedLight },
  dark: {},
});

export const theme = createTheme({
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
    Tabs: Tabs.extend({ classNames: { list: tabsClasses.list, tab: tabsClasses.tab } }),
  },
});

export { cssVariablesResolver };
