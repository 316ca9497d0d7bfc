import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { projectFedBy } from './support/projects.ts';
import { tr } from './support/translations.ts';
import { co2Uplink, connectToBroker } from './support/uplinks.ts';

test('a conversion is recomputed in the background: the meter page and the series editor say when the values are ready', async ({
  page,
}) => {
  const serial = crypto.randomBytes(8).toString('hex');
  const broker = await connectToBroker();
  // The first uplink makes the meter known (free, until it is moved to the organization).
  const known = co2Uplink(serial, 1, 612);
  await broker.publishAsync(known.topic, known.body, { qos: 1 });
  await broker.endAsync();

  await logIn(page, 'admin', 'e2e-admin-password');
  const { projectId } = await projectFedBy(page, serial, 'E2E Uudelleenlaskenta');
  await page.goto(`/meters?search=${serial}`);
  await page
    .getByTestId('meter-list')
    .getByRole('link', { name: new RegExp(serial) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/meters\/\d+$/);
  const meterId = Number(new URL(page.url()).pathname.split('/').pop());

  // A conversion changes the channel's whole history: its series is recomputed in the background.
  await graphql(page, 'mutation ($input: CreateConversionInput!) { createConversion(input: $input) { id } }', {
    input: { meterId, channel: 'co2', target: 'CO2', expression: 'x * 2' },
  });
  const progress = page.getByTestId('recalculation-progress');
  await expect(progress).toHaveAttribute('aria-live', 'polite');
  // Polled: it arrives without a reload, and stays for a user who comes back.
  await expect(progress).toContainText(tr('fi', 'The stored values are ready.'), { timeout: 15_000 });
  await page.goto(`/p/${projectId}/edit/series`);
  await expect(page.getByTestId('recalculation-progress')).toContainText(tr('fi', 'The stored values are ready.'));
});
