import crypto from 'node:crypto';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { newAccount, register } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';
import { co2Uplink } from './support/uplinks.ts';

/*
 * A customer's own meter (decision 0150): first heard through the organization's own integration, it is the
 * organization's new meter at once, added to a space from the meters page, and its reading shows at once (0151).
 * A new project's overview lists the next steps (0152).
 */

// A fresh project asks for its checklist, status and series at once: give a busy machine time.
const expect = baseExpect.configure({ timeout: 30_000 });

interface Customer {
  organizationId: string;
  projectId: number;
  projectName: string;
  token: string;
}

/** A new user with an organization, an integration, and a project with one space. */
async function newCustomer(page: Page): Promise<Customer> {
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/);
  const slug = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const { createOrganization } = await graphql<{ createOrganization: { id: string } }>(
    page,
    'mutation ($name: String!, $slug: String!) { createOrganization(name: $name, slug: $slug) { id } }',
    { name: `Asiakas ${slug}`, slug },
  );
  const { createIntegration } = await graphql<{ createIntegration: { secret: string } }>(
    page,
    'mutation ($o: ID!) { createIntegration(organizationId: $o, name: "ChirpStack") { secret } }',
    { o: createOrganization.id },
  );
  const projectName = `Toimisto ${slug}`;
  const { createProject } = await graphql<{ createProject: { id: number } }>(
    page,
    'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    { input: { name: projectName, organizationId: createOrganization.id } },
  );
  await graphql(page, 'mutation ($input: CreateSpaceInput!) { createSpace(input: $input) { id } }', {
    input: { projectId: createProject.id, name: 'Neuvotteluhuone' },
  });
  return {
    organizationId: createOrganization.id,
    projectId: createProject.id,
    projectName,
    token: createIntegration.secret,
  };
}

/** The customer's network server posts an uplink of a meter Olo has never heard, with CO2 `co2` ppm. */
async function uplinkThroughOwnIntegration(page: Page, token: string, serial: string, co2: number) {
  const response = await page.request.post('/api/ingest/chirpstack', {
    headers: { authorization: `Bearer ${token}` },
    data: JSON.parse(co2Uplink(serial, 1, co2).body),
  });
  expect(await response.json()).toEqual({ stored: 1, refused: 0 });
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a meter first heard through the customer's integration is added to a space from the meters page (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const customer = await newCustomer(page);

    // A new project's overview offers the first steps, none done yet but the space.
    await page.goto(`/p/${customer.projectId}`);
    const checklist = page.getByTestId('project-checklist');
    await expect(checklist.locator('[data-step="spaces"]')).toHaveAttribute('data-done', 'true');
    await expect(checklist.locator('[data-step="meters"]')).toHaveAttribute('data-done', 'false');
    await checklist.getByRole('link', { name: tr('fi', 'Add meters to the spaces') }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${customer.projectId}/edit/series\\?tab=add-meter$`));

    const serial = crypto.randomBytes(8).toString('hex');
    await uplinkThroughOwnIntegration(page, customer.token, serial, 612);

    await page.goto('/meters');
    const fresh = page.getByTestId('new-meters');
    await expect(fresh.getByRole('heading', { name: tr('fi', 'New meters') })).toBeVisible();
    const row = fresh.getByRole('listitem').filter({ hasText: serial });
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await row.getByRole('button', { name: tr('fi', 'Add {{meter}} to a space').replace('{{meter}}', serial) }).click();
    await page.getByRole('menuitem', { name: customer.projectName }).click();

    // The add-meter form has the meter chosen; battery and radio stay on the meter page.
    const form = page.getByTestId('add-meter-form');
    await expect(form.getByRole('combobox', { name: new RegExp(`^${tr('fi', 'Meter')}`) })).toHaveValue(
      new RegExp(serial),
    );
    const channels = form.getByTestId('add-meter-channels').getByRole('listitem');
    await expect(channels).toHaveCount(4);
    await expect(form.getByTestId('add-meter-channels')).not.toContainText(/Volt|Akku|Paristo/);
    await form.getByRole('button', { name: tr('fi', 'Add meter') }).click();
    await expect(page.getByText(tr('fi', 'Series added: {{number}}.').replace('{{number}}', '4'))).toBeVisible();

    // No longer new; the reading already received shows at once on the project's overview.
    await page.goto('/meters');
    await expect(page.getByRole('heading', { name: tr('fi', 'Meters') }).first()).toBeVisible();
    await expect(page.getByTestId('new-meters').getByText(serial)).toHaveCount(0);
    await page.goto(`/p/${customer.projectId}`);
    await expect(page.getByTestId('project-status').getByText('612 ppm')).toBeVisible();
    await expect(checklist.locator('[data-step="meters"]')).toHaveAttribute('data-done', 'true');
    await page.getByRole('button', { name: tr('fi', 'Hide the steps') }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('project-status')).toBeVisible();
    await expect(page.getByTestId('project-checklist')).toHaveCount(0);
  });
}
