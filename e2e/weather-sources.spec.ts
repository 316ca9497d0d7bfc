import { expect, test } from '@playwright/test';
import { demo, logIn } from './support/accounts.ts';
import { graphql } from './support/graphql.ts';
import { tr } from './support/translations.ts';

// The global setup's weather provider stand-in knows the FMI stations near Helsinki
// (apps/server/src/testing/weather-fixtures): Kaisaniemi is the nearest to the city centre.

/** As the demo admin: a new project of the demo school's organization, begun two days ago, with one space. */
async function newProject(page: import('@playwright/test').Page): Promise<number> {
  const { projects } = await graphql<{ projects: { id: number; name: string; organizationId: string }[] }>(
    page,
    '{ projects { id name organizationId } }',
  );
  const organizationId = projects.find((project) => project.name === demo.schoolProject)?.organizationId;
  const { createProject } = await graphql<{ createProject: { id: number } }>(
    page,
    'mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }',
    {
      input: {
        name: `Sää e2e ${crypto.randomUUID().slice(0, 6)}`,
        organizationId,
        startAt: new Date(Date.now() - 2 * 24 * 3_600_000).toISOString(),
      },
    },
  );
  await graphql(page, 'mutation ($input: CreateSpaceInput!) { createSpace(input: $input) { id } }', {
    input: { projectId: createProject.id, name: 'Luokka 1' },
  });
  return createProject.id;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px an admin sets the location, adds the nearest station's weather and shows it beside a space`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await logIn(page, demo.admin.username, demo.admin.password);
    const projectId = await newProject(page);

    // Without a location there is nothing to add: the tab says so and leads to the location fields.
    await page.goto(`/p/${projectId}/edit/weather`);
    await expect(page.getByTestId('weather-no-location')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('weather-add')).toBeDisabled();
    await page.getByRole('link', { name: tr('fi', 'Set the location') }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${projectId}/edit/info`));

    const form = page.getByTestId('project-info-form');
    await form.getByLabel(tr('fi', 'Latitude')).fill('60.17');
    await form.getByLabel(tr('fi', 'Longitude')).fill('24.94');
    await form.getByRole('button', { name: tr('fi', 'Save') }).click();
    await expect(page.getByText(tr('fi', 'Saved.'))).toBeVisible();

    await page.getByRole('tab', { name: tr('fi', 'Weather') }).click();
    await page.getByRole('button', { name: tr('fi', 'Add weather'), exact: true }).click();
    const source = page.getByTestId('weather-source');
    await expect(source.getByTestId('weather-source-name')).toHaveText('Helsinki Kaisaniemi');
    await expect(source).toContainText('FMI');
    await expect(source.getByTestId('weather-source-distance')).toContainText(/\d+,\d km/);
    // The past weather is fetched in the background (the tab polls until it is); its last page reaches now, so the
    // newest outdoor temperature shows once it is done.
    await expect(source.getByTestId('weather-source-progress')).toHaveCount(0, { timeout: 90_000 });
    await expect(source.getByTestId('weather-source-latest')).toContainText('°C');

    // Adding it again is refused, in Finnish.
    await page.getByRole('button', { name: tr('fi', 'Add weather'), exact: true }).click();
    await expect(page.getByText(tr('fi', 'The project already has this weather source'))).toBeVisible();

    await page.getByRole('tab', { name: tr('fi', 'General') }).click();
    // The project's one space; while it is edited its name is in an input, not its text.
    const space = page.getByTestId('edit-project-space');
    await space.getByRole('button', { name: tr('fi', 'Edit {{name}}').replace('{{name}}', 'Luokka 1') }).click();
    await space
      .getByRole('switch', { name: tr('fi', 'Show weather beside the space {{name}}').replace('{{name}}', 'Luokka 1') })
      .check();
    await expect(space.getByRole('combobox', { name: new RegExp(`^${tr('fi', 'Weather type')}`) })).toHaveValue(
      'Ulkolämpötila',
    );
    await space.getByRole('button', { name: tr('fi', 'Save') }).click();
    await expect(space.getByTestId('space-weather-type')).toHaveText('Sää: Ulkolämpötila');

    const { projectAdmin } = await graphql<{
      projectAdmin: { spaces: { weather: boolean; weatherId: number | null; weatherDatatype: string | null }[] };
    }>(page, 'query ($id: Int!) { projectAdmin(id: $id) { spaces { weather weatherId weatherDatatype } } }', {
      id: projectId,
    });
    expect(projectAdmin.spaces[0]).toMatchObject({ weather: true, weatherDatatype: 'ExternalTemperature' });
    expect(projectAdmin.spaces[0]?.weatherId).toEqual(expect.any(Number));
  });
}
