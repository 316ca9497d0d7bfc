import { expect, type Page, test } from '@playwright/test';
import { demo, logIn, newAccount, register } from './support/accounts.ts';
import { e2eBaseUrl } from './support/environment.ts';
import { waitForMailLink } from './support/mail.ts';
import { tr } from './support/translations.ts';

/** A form field by its label text, which a required field follows with an asterisk. */
const requiredLabel = (text: string) => new RegExp(`^${text}\\s*\\*?$`);

/** The id of a project, from its link on the project list. */
async function projectIdOf(page: Page, name: string): Promise<number> {
  await page.goto('/p');
  const href = await page.getByTestId('project-list').getByRole('link', { name, exact: true }).getAttribute('href');
  return Number(href?.match(/\/p\/(\d+)/)?.[1]);
}

test('an organization admin creates an organization and a project and invites a new person, who registers from the mail, accepts and sees the project', async ({
  page,
  browser,
}) => {
  await register(page, newAccount());
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/o');
  const slug = `e2e-${Date.now().toString(36)}`;
  const organizationForm = page.getByTestId('create-organization-form');
  await organizationForm.getByLabel(requiredLabel(tr('fi', 'Name'))).fill('E2E Rakennus Oy');
  await organizationForm.getByLabel(tr('fi', 'Short name in addresses')).fill(slug);
  await organizationForm.getByRole('button', { name: tr('fi', 'Create organization') }).click();
  await expect(page).toHaveURL(`/o/${slug}`);

  await page
    .getByTestId('organization-projects')
    .getByRole('button', { name: tr('fi', 'Create project') })
    .click();
  const projectForm = page.getByTestId('create-project-form');
  await projectForm.getByLabel(requiredLabel(tr('fi', 'Name'))).fill('E2E Kuivatus');
  await projectForm.getByRole('button', { name: tr('fi', 'Create project') }).click();
  await expect(page).toHaveURL(/\/p\/\d+$/);
  const projectPath = new URL(page.url()).pathname;

  await page.goto(`${projectPath}/edit/users`);
  const invitee = newAccount();
  const inviteForm = page.getByTestId('project-invite-form');
  await inviteForm.getByLabel(tr('fi', 'Email')).fill(invitee.email);
  await inviteForm.getByRole('button', { name: tr('fi', 'Send invitation') }).click();
  await expect(page.getByTestId('project-invitations')).toContainText(invitee.email);

  // The invitee has no account: the mailed link leads through registration back to the invitation.
  const { mail, link } = await waitForMailLink(invitee.email, `${e2eBaseUrl}/invitations-accept?`);
  expect(mail.subject).toContain('E2E Kuivatus');
  const context = await browser.newContext();
  const inviteePage = await context.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage).toHaveURL(/\/login\?redirectFrom=/);
  await inviteePage.getByRole('link', { name: tr('fi', 'Create an account') }).click();
  await register(inviteePage, invitee, { goto: false });
  await expect(inviteePage).toHaveURL(/\/invitations-accept\?/);
  const invitation = inviteePage.getByTestId('invitation-accept');
  await expect(invitation).toContainText('E2E Kuivatus');
  await invitation.getByRole('button', { name: tr('fi', 'Accept invitation') }).click();
  await expect(inviteePage).toHaveURL(projectPath);
  await expect(inviteePage.getByTestId('project-header')).toContainText('E2E Kuivatus');
  // A plain member: no edit tab.
  await expect(inviteePage.getByTestId('project-tabs').getByRole('link', { name: tr('fi', 'Edit') })).toHaveCount(0);
  // Nor does the project's edit address open for them: a permission message, not a broken page.
  await inviteePage.goto(`${projectPath}/edit`);
  await expect(inviteePage.getByTestId('permission-denied')).toContainText(tr('fi', 'No permission'));
  await expect(inviteePage.getByTestId('project-info-form')).toHaveCount(0);
  await expect(inviteePage.getByRole('button', { name: tr('fi', 'Hide') })).toHaveCount(0);
  await inviteePage.goto('/p');
  await expect(inviteePage.getByTestId('project-list')).toContainText('E2E Kuivatus');
  await context.close();
});

test('a member without rights sees no edit controls, and a direct edit address shows a permission message', async ({
  page,
}) => {
  await logIn(page, demo.viewer.username, demo.viewer.password);
  const projectId = await projectIdOf(page, demo.schoolProject);
  await page.goto(`/p/${projectId}`);
  const tabs = page.getByTestId('project-tabs');
  await expect(tabs.getByRole('link', { name: tr('fi', 'Alarms') })).toBeVisible();
  await expect(tabs.getByRole('link', { name: tr('fi', 'Edit') })).toHaveCount(0);

  await page.goto(`/p/${projectId}/edit/info`);
  await expect(page.getByTestId('permission-denied')).toContainText(tr('fi', 'No permission'));
  await expect(page.getByTestId('project-info-form')).toHaveCount(0);

  // Nor does the viewer see the organization, or the other demo project.
  await page.goto('/o/olo-demo');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
  await page.goto('/p');
  await expect(page.getByTestId('project-list')).not.toContainText(demo.dryingProject);
});

test('favouriting and hiding a project change the lists', async ({ page }) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await projectIdOf(page, demo.dryingProject);
  const list = page.getByTestId('project-list');

  await page.getByTestId(`project-row-${projectId}`).getByTestId('favourite-toggle').click();
  // The switches live in the address (a navigation), so they are clicked and then awaited.
  const favouritesOnly = page.getByLabel(tr('fi', 'Favourites only'));
  await favouritesOnly.click({ force: true });
  await expect(favouritesOnly).toBeChecked();
  await expect(list).toContainText(demo.dryingProject);
  await expect(list).not.toContainText(demo.schoolProject);
  await page.getByTestId(`project-row-${projectId}`).getByTestId('favourite-toggle').click();
  await expect(page.getByTestId(`project-row-${projectId}`)).toHaveCount(0);
  await favouritesOnly.click({ force: true });
  await expect(favouritesOnly).not.toBeChecked();

  await page.goto(`/p/${projectId}/edit`);
  await page.getByTestId('admin-action-hide').click();
  await expect(page.getByTestId('admin-action-hide')).toHaveText(tr('fi', 'Unhide'));
  await page.goto('/p');
  await expect(page.getByTestId('project-list')).toContainText(demo.schoolProject);
  await expect(page.getByTestId(`project-row-${projectId}`)).toHaveCount(0);
  const showHidden = page.getByLabel(tr('fi', 'Show hidden'));
  await showHidden.click({ force: true });
  await expect(showHidden).toBeChecked();
  await expect(page.getByTestId(`project-row-${projectId}`)).toBeVisible();

  await page.goto(`/p/${projectId}/edit`);
  await page.getByTestId('admin-action-hide').click();
  await expect(page.getByTestId('admin-action-hide')).toHaveText(tr('fi', 'Hide'));
});

test("a project admin sets the data views' defaults and the project's attachment on the info tab", async ({ page }) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await projectIdOf(page, demo.schoolProject);
  await page.goto(`/p/${projectId}/edit/info`);
  const defaults = page.getByTestId('project-defaults');
  await defaults.getByRole('combobox', { name: tr('fi', 'Default grouping of readings') }).click();
  await page.getByRole('option', { name: tr('fi', '1 hour'), exact: true }).click();
  await defaults.getByRole('combobox', { name: tr('fi', 'Default value of a group') }).click();
  await page.getByRole('option', { name: tr('fi', 'Maximum'), exact: true }).click();
  await page.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(page.getByRole('button', { name: tr('fi', 'Save') })).toBeDisabled();

  await page.getByTestId('project-attachment-input').setInputFiles({
    name: 'mittaussuunnitelma.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Mittauspisteet: luokat 101 ja 102'),
  });
  const attachment = page.getByTestId('project-attachment');
  await expect(attachment.getByRole('link', { name: 'mittaussuunnitelma.txt' })).toBeVisible();
  const href = await attachment.getByRole('link').getAttribute('href');
  const download = await page.request.get(href ?? '');
  expect(await download.text()).toBe('Mittauspisteet: luokat 101 ja 102');

  // Both are stored: a new visit shows them.
  await page.reload();
  await expect(defaults.getByRole('combobox', { name: tr('fi', 'Default grouping of readings') })).toHaveValue(
    tr('fi', '1 hour'),
  );
  await expect(defaults.getByRole('combobox', { name: tr('fi', 'Default value of a group') })).toHaveValue(
    tr('fi', 'Maximum'),
  );
  await expect(page.getByTestId('project-attachment')).toContainText('mittaussuunnitelma.txt');
});

test('the public link opens the public view signed out, and stops working when turned off', async ({
  page,
  browser,
}) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  const projectId = await projectIdOf(page, demo.dryingProject);
  await page.goto(`/p/${projectId}/edit/info`);
  const form = page.getByTestId('project-info-form');
  await form.getByTestId('public-link-switch').check({ force: true });
  await form.getByRole('button', { name: tr('fi', 'Save') }).click();
  const publicUrl = await page.getByTestId('public-link-url').inputValue();
  expect(publicUrl).toMatch(/\/project\/[0-9a-f-]{36}$/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(publicUrl);
  await expect(visitor.getByTestId('public-project')).toContainText(demo.dryingProject);
  await expect(visitor).toHaveURL(publicUrl);

  await form.getByTestId('public-link-switch').uncheck({ force: true });
  await form.getByRole('button', { name: tr('fi', 'Save') }).click();
  await expect(page.getByTestId('public-link-url')).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByTestId('public-link-invalid')).toBeVisible();
  await expect(visitor.getByTestId('public-project')).toHaveCount(0);
});

test('the dashboard shows the meters a user chooses, out of those they may view', async ({ page, browser }) => {
  await logIn(page, demo.admin.username, demo.admin.password);
  await expect(page.getByTestId('dashboard-meters')).toHaveCount(0);
  await page.getByRole('button', { name: tr('fi', 'Choose meters') }).click();
  await page.getByRole('combobox', { name: tr('fi', 'Meters on the dashboard') }).click();
  const option = page
    .getByRole('listbox', { name: tr('fi', 'Meters on the dashboard') })
    .getByRole('option')
    .first();
  const meterName = (await option.textContent())?.replace(/\s*\(.*\)$/, '') ?? '';
  await option.click();
  const meters = page.getByTestId('dashboard-meters');
  await expect(meters.getByRole('link', { name: meterName })).toBeVisible();
  await expect(meters.getByTestId('dashboard-meter-health').first()).toBeVisible();
  // Kept in the user's options: a new visit shows it again.
  await page.reload();
  await expect(page.getByTestId('dashboard-meters').getByRole('link', { name: meterName })).toBeVisible();

  // The viewer may not view the organization's meters, so there are none to choose.
  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  await logIn(viewerPage, demo.viewer.username, demo.viewer.password);
  await viewerPage.getByRole('button', { name: tr('fi', 'Choose meters') }).click();
  await viewerPage.getByRole('combobox', { name: tr('fi', 'Meters on the dashboard') }).click();
  await expect(viewerPage.getByText(tr('fi', 'No meters found'))).toBeVisible();
  await expect(
    viewerPage.getByRole('listbox', { name: tr('fi', 'Meters on the dashboard') }).getByRole('option'),
  ).toHaveCount(0);
  await context.close();
});

test('a project that does not exist says "not found", and no link leads to a page not built yet', async ({ page }) => {
  await logIn(page, demo.viewer.username, demo.viewer.password);
  await page.goto('/p/999999');
  await expect(
    page.getByTestId('project-not-found').getByRole('heading', { name: tr('fi', 'Project not found') }),
  ).toBeVisible();
  await expect(page.getByTestId('permission-denied')).toHaveCount(0);

  const projectId = await projectIdOf(page, demo.schoolProject);
  await page.goto(`/p/${projectId}`);
  const tabs = page.getByTestId('project-tabs');
  await expect(tabs.getByRole('link', { name: tr('fi', 'Summary') })).toBeVisible();
  await expect(tabs.getByRole('link', { name: tr('fi', 'Reports') })).toHaveCount(0);
  // Help is built (issue 34): the main menu leads to it.
  await expect(page.getByRole('link', { name: tr('fi', 'Help') }).first()).toHaveAttribute('href', '/help');
});
