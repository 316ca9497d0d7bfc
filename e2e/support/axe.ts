import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules of WCAG 2.1 levels A and AA (issue 21: the product's accessibility target). */
const wcag21aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until the page has drawn its content: no loader left, the fonts and the layout settled. */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Runs axe-core on the page as it is now and fails (softly, so that one test can check many pages and report them all)
 * on every serious or critical WCAG 2.1 AA violation, naming the rule, the elements and axe's summary of the fix.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(wcag21aa).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  expect.soft(serious, `accessibility of ${new URL(page.url()).pathname}`).toEqual([]);
}

/** Fails softly when the page is wider than the window: something would be cut off or need sideways scrolling. */
export async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect.soft(scrollWidth, `width of ${new URL(page.url()).pathname}`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Fails softly when a visible control of the page's main content (link, button, field) lies outside the window's
 * width while every container that scrolls sideways is at its start: on a phone it would be hidden in a table or row
 * that has to be scrolled to find it (decision 0085). Strips of tabs that scroll sideways on purpose (`nav`,
 * `role="tablist"`) are left out.
 */
export async function expectControlsOnScreen(page: Page): Promise<void> {
  await settled(page);
  const outside = await page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    for (const element of Array.from(main.querySelectorAll<HTMLElement>('*'))) {
      if (element.scrollLeft !== 0) element.scrollLeft = 0;
    }
    const controls = main.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="button"], [role="combobox"], [role="checkbox"], [role="switch"]',
    );
    return Array.from(controls)
      .filter((control) => !control.closest('nav, [role="tablist"]') && control.checkVisibility())
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0 && (box.left < -1 || box.right > window.innerWidth + 1))
      .map(({ control, box }) => {
        const name =
          control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.getAttribute('name') ?? '';
        return `${control.tagName.toLowerCase()} "${name.slice(0, 40)}" at ${Math.round(box.left)}–${Math.round(box.right)} px`;
      });
  });
  expect.soft(outside, `controls outside the window on ${new URL(page.url()).pathname}`).toEqual([]);
}
