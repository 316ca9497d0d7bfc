import { expect, type Page, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql, subscribedTo } from './support/graphql.ts';

/**
 * Collects what the browser refuses under the Content-Security-Policy: `securitypolicyviolation`
 * events (from an init script, which the policy does not govern) and the console's CSP errors.
 */
function recordViolations(page: Page): () => Promise<string[]> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  void page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

test.describe.configure({ timeout: 120_000 });

test('the app runs under its Content-Security-Policy: sign-in, summary charts, live subscriptions, service worker', async ({
  page,
}) => {
  const violations = recordViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // The site configuration is a JSON data block, which the policy does not need to allow.
  expect(await page.locator('#olo-config').getAttribute('type')).toBe('application/json');

  await logIn(page, demo.admin.username, demo.admin.password);
  const { projects } = await graphql<{ projects: { id: number; name: string }[] }>(page, '{ projects { id name } }');
  const projectId = projects.find((project) => project.name === demo.schoolProject)?.id;
  expect(projectId).toBeDefined();

  await page.goto(`/p/${projectId}/summary`);
  const chart = page.getByTestId('summary-chart').first();
  await expect
    .poll(async () => Number((await chart.getAttribute('data-draws')) ?? 0), { timeout: 60_000 })
    .toBeGreaterThan(0);
  // The date fields' calendar (Mantine dates: its own chunk, styles and positioning) opens under the policy too.
  await page.getByTestId('summary-range-from').first().click();
  await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
  expect(await violations()).toEqual([]);

  const subscribed = subscribedTo(page, 'seriesLatestUpdated');
  await page.goto(`/p/${projectId}/live`);
  await subscribed;
  await expect(page.getByTestId('live-gauges')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration())), {
      timeout: 30_000,
    })
    .toBe(true);
  await page.goto('/meters');
  await page.waitForLoadState('networkidle');
  expect(await violations()).toEqual([]);
});
