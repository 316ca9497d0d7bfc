import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { subscribedTo } from './support/graphql.ts';
import { co2Uplink, connectToBroker, publishUntilShown } from './support/uplinks.ts';

/** The number in a figure such as "Viestejä: 1 204" (digits only: grouping differs by language). */
const countIn = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test("the site status dashboard shows a reading's arrival within seconds, without a reload", async ({ page }) => {
  const broker = await connectToBroker();
  try {
    await logIn(page, 'admin', 'e2e-admin-password');
    const subscribed = subscribedTo(page, 'siteStatusUpdated');
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Avaa: Sivuston tila' }).click();
    await expect(page).toHaveURL(/\/admin\/status-dash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sivuston tila' })).toBeVisible();
    // Status first: the summary stands above every figure.
    const health = page.getByTestId('site-health');
    await expect(health).toBeVisible();
    expect(await health.getAttribute('data-level')).toMatch(/^(green|amber|red)$/);
    await expect(page.getByRole('link', { name: 'Avaa järjestelmävirheet' })).toHaveAttribute('href', '/errors');
    // This test's own MQTT client is one of the embedded broker's clients.
    expect(countIn(await page.getByTestId('status-broker-clients').textContent())).toBeGreaterThanOrEqual(1);
    await subscribed;
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));

    const uplinks = page.getByTestId('status-uplinks-hour');
    const before = countIn(await uplinks.textContent());
    const serial = crypto.randomBytes(8).toString('hex');
    await publishUntilShown(
      broker,
      (attempt) => co2Uplink(serial, 1 + attempt, 600 + attempt),
      async (timeout) => {
        await expect.poll(async () => countIn(await uplinks.textContent()), { timeout }).toBeGreaterThan(before);
      },
    );
    // Pushed over the subscription: the same page load.
    expect(await page.evaluate(() => (window as { sameLoad?: boolean }).sameLoad)).toBe(true);
  } finally {
    await broker.endAsync();
  }
});

test('the site status dashboard is usable at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'admin', 'e2e-admin-password');
  await page.goto('/admin/status-dash');
  await expect(page.getByTestId('site-health')).toBeVisible();
  // Nothing wider than the screen: tables stack, the minute bars shrink.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
