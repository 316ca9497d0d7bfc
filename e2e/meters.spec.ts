import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { subscribedTo } from './support/graphql.ts';
import { tr } from './support/translations.ts';
import { connectToBroker, publishUntilShown, co2Uplink as uplink } from './support/uplinks.ts';

test('a reading published to the broker appears on the meter page without a reload', async ({ page }) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  const first = uplink(serial, 1, 812);
  await broker.publishAsync(first.topic, first.body, { qos: 1 });

  // An unknown meter is free: the site admin sees it.
  await logIn(page, 'admin', 'e2e-admin-password');
  // The second reading is published only once the meter page subscribed: one pushed before that reaches nobody.
  const subscribed = subscribedTo(page, 'meterUpdated');
  await page.goto(`/meters?search=${serial}`);
  await page
    .getByTestId('meter-list')
    .getByRole('link', { name: new RegExp(serial) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/meters\/\d+$/);
  await expect(page.getByTestId('meter-channel-co2')).toContainText('812');

  await subscribed;
  await publishUntilShown(
    broker,
    (attempt) => uplink(serial, 2 + attempt, 947),
    (timeout) => expect(page.getByTestId('meter-channel-co2')).toContainText('947', { timeout }),
  );
  await broker.endAsync();
});

test('the meter page opens the tab its address names, names channels by measurement and keeps releasing apart', async ({
  page,
}) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  const reading = uplink(serial, 1, 650);
  await broker.publishAsync(reading.topic, reading.body, { qos: 1 });
  await broker.endAsync();

  await logIn(page, 'admin', 'e2e-admin-password');
  await page.goto(`/meters?search=${serial}`);
  await page
    .getByTestId('meter-list')
    .getByRole('link', { name: new RegExp(serial) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/meters\/\d+$/);
  const meterPath = new URL(page.url()).pathname;
  // The Milesight EM500-CO2's channels by their measurements, not by their keys.
  const latest = page.getByTestId('meter-latest');
  await expect(latest.getByText(tr('fi', 'Temperature'), { exact: true })).toBeVisible();
  await expect(latest.getByText(tr('fi', 'Pressure'), { exact: true })).toBeVisible();
  await expect(latest.getByText('co2 ·')).toHaveCount(0);

  // A link opens the diagnostics tab, where the keys are, as technical ids.
  await page.goto(`${meterPath}?tab=diagnostics`);
  const channels = page.getByRole('table', { name: tr('fi', 'Channels') });
  await expect(channels.locator('code', { hasText: /^co2$/ })).toBeVisible();
  await expect(page.getByTestId('meter-latest')).toHaveCount(0);

  // Settings: everyday actions first, releasing and deleting readings apart in the danger zone at the end.
  await page.getByRole('tab', { name: tr('fi', 'Settings') }).click();
  await expect(page).toHaveURL(new RegExp(`${meterPath}\\?tab=settings$`));
  const danger = page.getByTestId('meter-danger-zone');
  await expect(danger.getByRole('button', { name: tr('fi', 'Release meter') })).toBeVisible();
  await expect(danger.getByRole('button', { name: tr('fi', 'Delete readings') })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: tr('fi', 'Meter actions') })
      .getByRole('button', { name: tr('fi', 'Release meter') }),
  ).toHaveCount(0);
});

test('a view-only member who sees no meter is offered no meter filters or saved lists', async ({ page }) => {
  await logIn(page, demo.viewer.username, demo.viewer.password);
  await page.goto('/meters');
  await expect(page.getByTestId('meter-list-empty')).toBeVisible();
  await expect(page.getByRole('search', { name: tr('fi', 'Filter meters') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: tr('fi', 'Save this list') })).toHaveCount(0);
});
