import crypto from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { tr } from './support/translations.ts';
import { connectToBroker, co2Uplink as uplink } from './support/uplinks.ts';

/** A new meter (free: the site admin's), its settings tab open. */
async function openNewMeterSettings(page: Page): Promise<void> {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  const reading = uplink(serial, 1, 700);
  await broker.publishAsync(reading.topic, reading.body, { qos: 1 });
  await broker.endAsync();
  await page.goto(`/meters?search=${serial}`);
  const link = page
    .getByTestId('meter-list')
    .getByRole('link', { name: new RegExp(serial) })
    .first();
  const meterPath = await link.getAttribute('href');
  // The settings tab straight by its address (a tab the meter page names in ?tab=).
  await page.goto(`${meterPath}?tab=settings`);
  await expect(page.getByTestId('edit-meter-form')).toBeVisible();
}

test("an admin gives a meter meta, which the next meter's form suggests", async ({ page }) => {
  const key = `e2eFloor${crypto.randomBytes(3).toString('hex')}`;
  await logIn(page, 'admin', 'e2e-admin-password');
  await openNewMeterSettings(page);
  const form = page.getByTestId('edit-meter-form');
  await form.getByRole('button', { name: tr('fi', 'Add meta') }).click();
  const meta = form.getByTestId('meter-meta');
  await meta.getByRole('combobox', { name: tr('fi', 'Key') }).fill(key);
  await meta.getByRole('combobox', { name: tr('fi', 'Value') }).fill('3');
  await form.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(form.getByRole('button', { name: tr('fi', 'Save') })).toBeDisabled();
  await page.reload();
  await expect(page.getByTestId('meter-meta').getByRole('combobox', { name: tr('fi', 'Key') })).toHaveValue(key);

  await openNewMeterSettings(page);
  const next = page.getByTestId('edit-meter-form');
  await next.getByRole('button', { name: tr('fi', 'Add meta') }).click();
  await next
    .getByTestId('meter-meta')
    .getByRole('combobox', { name: tr('fi', 'Key') })
    .fill(key.slice(0, 8));
  await expect(page.getByRole('option', { name: key })).toBeVisible();
});
