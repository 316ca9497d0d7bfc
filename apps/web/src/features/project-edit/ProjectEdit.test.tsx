// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '../../testing/currentUser.ts';
import { typeInto } from '../../testing/dateFields.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../testing/renderApp.tsx';
import { adminProject, member, page, projectInvitations, shellOf } from './testProject.ts';

// What the server does with the saved values (permissions, the public link, uploads) is tested against the real
// server: apps/server and e2e/.

type Project = ReturnType<typeof adminProject>;

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

function renderEdit(path: string, project: Project, answers: GraphqlAnswers = {}) {
  const sent: Sent[] = [];
  const recorded = Object.fromEntries(
    Object.entries(answers).map(([name, answer]) => [
      name,
      (variables: Record<string, unknown>) => {
        sent.push({ name, variables });
        return answer(variables);
      },
    ]),
  );
  const view = renderApp({
    path,
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: shellOf(project) } }),
      ProjectAdmin: () => ({ data: { projectAdmin: project } }),
      ProjectInvitations: () => projectInvitations(),
      ...recorded,
    },
  });
  return { ...view, sent };
}

/** Required fields have an asterisk after the label text. */
function field(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
}

// The whole app renders for each test; on a busy machine that takes more than the default five seconds.
describe('project edit', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(cleanupApp);

  it('shows the permission message, not the edit screens, to a member who is not an admin', async () => {
    const project = adminProject(7, 'Koulu', { privileges: ['view'] });
    renderApp({
      path: '/p/7/edit/info',
      graphql: {
        CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
        ProjectShell: () => ({ data: { project: shellOf(project) } }),
        ProjectAdmin: () => ({ errors: [{ message: 'Permission denied', extensions: { code: 'FORBIDDEN' } }] }),
      },
    });
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
    expect(screen.getByText('Ei oikeutta')).toBeTruthy();
    // The project's own header stays: only the edit part is refused.
    expect(screen.getByTestId('project-header')).toBeTruthy();
    expect(screen.queryByTestId('edit-tabs')).toBeNull();
    expect(screen.queryByTestId('project-info-form')).toBeNull();
  });

  it('offers the edit tabs as links', async () => {
    renderEdit('/p/7/edit/colors', adminProject(7, 'Koulu'));
    const tabs = await screen.findByTestId('edit-tabs');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => [tab.textContent, tab.getAttribute('href')]),
    ).toEqual([
      ['Yleiset', '/p/7/edit'],
      ['Projektin tiedot', '/p/7/edit/info'],
      ['Yhteenvetosivut', '/p/7/edit/pages'],
      ['Käyttäjät', '/p/7/edit/users'],
      ['Värit', '/p/7/edit/colors'],
      ['Sarjat', '/p/7/edit/series'],
      ['Sää', '/p/7/edit/weather'],
      ['Toiminnot', '/p/7/edit/actions'],
    ]);
    expect(within(tabs).getByRole('tab', { name: 'Värit' }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers a member who may edit only the series their tabs, and takes them to the series from the edit page', async () => {
    const { router } = renderEdit('/p/7/edit', adminProject(7, 'Koulu', { privileges: ['view', 'adminSeries'] }));
    const tabs = await screen.findByTestId('edit-tabs');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => [tab.textContent, tab.getAttribute('href')]),
    ).toEqual([
      ['Värit', '/p/7/edit/colors'],
      ['Sarjat', '/p/7/edit/series'],
    ]);
    expect(router.state.location.pathname).toBe('/p/7/edit/series');
    expect(within(tabs).getByRole('tab', { name: 'Sarjat' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('admin-action-hide')).toBeNull();
  });

  it('offers an alarm admin the actions tab, and the series tab too when they may manage series', async () => {
    renderEdit('/p/7/edit/actions', adminProject(7, 'Koulu', { privileges: ['view', 'adminAlarms', 'adminSeries'] }));
    const tabs = await screen.findByTestId('edit-tabs');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Värit', 'Sarjat', 'Toiminnot']);
    expect(within(tabs).getByRole('tab', { name: 'Toiminnot' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('not-available-yet')).toBeNull();
  });

  it('shows the permission message on an edit tab the member may not use, with the tabs they may', async () => {
    const { operations } = renderEdit(
      '/p/7/edit/users',
      adminProject(7, 'Koulu', { privileges: ['view', 'adminSeries'] }),
    );
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
    expect(
      within(screen.getByTestId('edit-tabs'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Värit', 'Sarjat']);
    expect(screen.queryByTestId('project-members')).toBeNull();
    // Only project admins may list the invitations: a series admin's screen does not ask for them.
    expect(operations).not.toContain('ProjectInvitations');
  });

  it('leads a report admin, who edits nothing else here, to the reports page', async () => {
    renderEdit('/p/7/edit', adminProject(7, 'Koulu', { privileges: ['view', 'adminReports', 'viewReports'] }));
    const note = await screen.findByTestId('edit-reports-note');
    expect(within(note).getByRole('link', { name: 'Raportit' }).getAttribute('href')).toBe('/p/7/report');
    expect(screen.queryByTestId('permission-denied')).toBeNull();
    expect(screen.queryByTestId('edit-tabs')).toBeNull();
  });

  it('refuses an end before the start, translated, without saving', async () => {
    const { sent } = renderEdit('/p/7/edit/info', adminProject(7, 'Koulu'), {
      UpdateProjectInfo: () => ({ errors: [{ message: 'not expected' }] }),
    });
    await screen.findByTestId('project-info-form');
    typeInto(field('Alku'), '1.5.2026 08:00');
    typeInto(field('Loppu'), '1.4.2026 08:00');
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna' }));
    expect(await screen.findByText('Loppu on ennen alkua')).toBeTruthy();
    expect(field('Loppu').getAttribute('aria-invalid')).toBe('true');
    expect(sent.map((operation) => operation.name)).not.toContain('UpdateProjectInfo');
  });

  it('requires a name', async () => {
    const { sent } = renderEdit('/p/7/edit/info', adminProject(7, 'Koulu'));
    await screen.findByTestId('project-info-form');
    fireEvent.change(field('Nimi'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna' }));
    expect(await screen.findByText('Pakollinen tieto')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('saves the start and end as times of the project time zone', async () => {
    const project = adminProject(7, 'Koulu');
    const { sent } = renderEdit('/p/7/edit/info', project, {
      UpdateProjectInfo: ({ input }) => ({
        data: { updateProject: { ...project, ...(input as object) } },
      }),
    });
    await screen.findByTestId('project-info-form');
    fireEvent.change(field('Nimi'), { target: { value: 'Koulu B' } });
    typeInto(field('Alku'), '15.1.2026 12.00');
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent.map((operation) => operation.name)).toContain('UpdateProjectInfo'));
    expect(sent[0]?.variables.input).toMatchObject({
      id: 7,
      name: 'Koulu B',
      startAt: '2026-01-15T10:00:00.000Z',
      endAt: null,
      timeZone: 'Europe/Helsinki',
      language: 'fi',
      defaultSelect: 7,
      isPublic: false,
    });
    // Saved: nothing is left to save.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Tallenna' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('saves the data view defaults and keeps the filters the data views stored', async () => {
    const filters = [{ type: 'removeday', day: '2026-01-06' }];
    const project = adminProject(7, 'Koulu', { defaults: { mode: 'max', slot: 3600, filters } });
    const { sent } = renderEdit('/p/7/edit/info', project, {
      UpdateProjectInfo: ({ input }) => ({ data: { updateProject: { ...project, ...(input as object) } } }),
    });
    const defaults = await screen.findByTestId('project-defaults');
    expect((within(defaults).getByLabelText(/^Ryhmän oletusarvo/) as HTMLInputElement).value).toBe('Suurin');
    expect((within(defaults).getByLabelText(/^Lukemien oletusryhmittely/) as HTMLInputElement).value).toBe('1 tunti');
    fireEvent.click(within(defaults).getByLabelText('Näytä aukot, joista lukemat puuttuvat'));
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent.map((operation) => operation.name)).toContain('UpdateProjectInfo'));
    expect(sent[0]?.variables.input).toMatchObject({
      defaults: { mode: 'max', slot: 3600, nulls: true, filters },
    });
  });

  it('links the attachment of the project for download', async () => {
    const attachment = {
      __typename: 'Attachment',
      id: '3f1c2a4e-0000-4000-8000-000000000001',
      name: 'mittaussuunnitelma.pdf',
      path: '/api/attachments/3f1c2a4e-0000-4000-8000-000000000001/mittaussuunnitelma.pdf',
      contentType: 'application/pdf',
      size: 2048,
    };
    renderEdit('/p/7/edit/info', adminProject(7, 'Koulu', { attachment }));
    const shown = await screen.findByTestId('project-attachment');
    expect(within(shown).getByRole('link', { name: 'mittaussuunnitelma.pdf' }).getAttribute('href')).toBe(
      attachment.path,
    );
    expect(screen.getByRole('button', { name: 'Poista liite' })).toBeTruthy();
  });

  it("uploads a chosen file as multipart, sets it on the project, and shows the server's refusal in the user's language", async () => {
    const uploads: FormData[] = [];
    let refuse = false;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      expect(String(input)).toBe('/api/attachments');
      uploads.push(init?.body as FormData);
      const issue = { path: 'file', message: 'The file is too large' };
      const body = refuse
        ? { errors: [{ message: 'Invalid input', extensions: { code: 'BAD_USER_INPUT', issues: [issue] } }] }
        : { id: '3f1c2a4e-0000-4000-8000-000000000002', path: '/api/attachments/x/suunnitelma.txt' };
      return new Response(JSON.stringify(body), { status: refuse ? 400 : 201 });
    });
    try {
      const project = adminProject(7, 'Koulu');
      const { sent } = renderEdit('/p/7/edit/info', project, {
        UpdateProjectInfo: () => ({ data: { updateProject: project } }),
      });
      const input = (await screen.findByTestId('project-attachment-input')) as HTMLInputElement;
      const file = new File(['Mittauspisteet'], 'suunnitelma.txt', { type: 'text/plain' });
      fireEvent.change(input, { target: { files: [file] } });
      await waitFor(() => expect(sent.map((operation) => operation.name)).toContain('UpdateProjectInfo'));
      expect(sent[0]?.variables.input).toEqual({ id: 7, attachmentId: '3f1c2a4e-0000-4000-8000-000000000002' });
      expect(uploads[0]?.get('projectId')).toBe('7');
      expect((uploads[0]?.get('file') as File | undefined)?.name).toBe('suunnitelma.txt');

      refuse = true;
      fireEvent.change(input, { target: { files: [file] } });
      expect(await screen.findByText('Tiedosto on liian suuri')).toBeTruthy();
      expect(sent).toHaveLength(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('shows the public address with a copy button while the public link is on', async () => {
    const publicId = '00000000-0000-4000-8000-00000000de01';
    renderEdit('/p/7/edit/info', adminProject(7, 'Koulu', { publicId }));
    const address = (await screen.findByTestId('public-link-url')) as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/project/${publicId}`);
    expect(screen.getByRole('button', { name: 'Kopioi' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('public-link-switch'));
    expect(screen.queryByTestId('public-link-url')).toBeNull();
    expect(screen.getByText('Linkki lakkaa toimimasta, kun tallennat.')).toBeTruthy();
  });

  it('changes a member right as soon as its checkbox is clicked', async () => {
    const maija = member('m-1', 'Maija Meikäläinen', { isAdmin: true });
    const { sent } = renderEdit('/p/7/edit/users', adminProject(7, 'Koulu', { members: [maija] }), {
      ProjectUsersList: () => ({ data: { usersList: [] } }),
      UpdateProjectMembership: ({ input }) => ({
        data: { updateProjectMembership: { ...maija, ...(input as object) } },
      }),
    });
    const members = await screen.findByTestId('project-members');
    const viewAlarms = within(members).getByRole('checkbox', {
      name: 'Näkee hälytykset: Maija Meikäläinen',
    }) as HTMLInputElement;
    expect(viewAlarms.checked).toBe(false);
    expect(
      (within(members).getByRole('checkbox', { name: 'Projektin ylläpitäjä: Maija Meikäläinen' }) as HTMLInputElement)
        .checked,
    ).toBe(true);

    fireEvent.click(viewAlarms);
    await waitFor(() => expect(viewAlarms.checked).toBe(true));
    expect(sent.filter((operation) => operation.name === 'UpdateProjectMembership')).toEqual([
      { name: 'UpdateProjectMembership', variables: { input: { id: 'm-1', canViewAlarms: true } } },
    ]);
  });

  it('asks for an email address or a username before inviting', async () => {
    const { sent } = renderEdit('/p/7/edit/users', adminProject(7, 'Koulu'), {
      ProjectUsersList: () => ({ data: { usersList: [] } }),
    });
    const form = await screen.findByTestId('project-invite-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Lähetä kutsu' }));
    expect(await within(form).findByText('Anna sähköpostiosoite tai käyttäjätunnus')).toBeTruthy();
    expect(sent.map((operation) => operation.name)).not.toContain('InviteToProject');
  });

  it('lists the open invitations of the project', async () => {
    renderEdit('/p/7/edit/users', adminProject(7, 'Koulu'), {
      ProjectUsersList: () => ({ data: { usersList: [] } }),
      ProjectInvitations: () =>
        projectInvitations([
          {
            __typename: 'Invitation',
            id: 'i-1',
            email: 'liisa@example.com',
            username: null,
            createdAt: '2026-03-01T10:00:00.000Z',
            expiresAt: '2026-03-15T10:00:00.000Z',
            projectId: 7,
          },
        ]),
    });
    const invitations = await screen.findByTestId('project-invitations');
    const row = within(invitations).getByTestId('project-invitation');
    expect(within(row).getByText('liisa@example.com')).toBeTruthy();
    expect(within(row).getByText('15.3.2026')).toBeTruthy();
  });

  it('hides the project and then offers to show it again', async () => {
    const project = adminProject(7, 'Koulu');
    const { sent } = renderEdit('/p/7/edit', project, {
      ProjectAdminAction: ({ action }) => ({
        data: { projectAdminAction: { ...project, hidden: action === 'hide' } },
      }),
    });
    const hide = await screen.findByTestId('admin-action-hide');
    expect(hide.textContent).toBe('Piilota');
    expect(within(screen.getByTestId('admin-state-visibility')).getByText('Näkyvissä')).toBeTruthy();

    fireEvent.click(hide);
    await waitFor(() => expect(screen.getByTestId('admin-action-hide').textContent).toBe('Näytä taas'));
    expect(within(screen.getByTestId('admin-state-visibility')).getByText('Piilotettu')).toBeTruthy();
    expect(sent).toEqual([{ name: 'ProjectAdminAction', variables: { id: 7, action: 'hide' } }]);
  });

  it('moves a summary page up by renumbering the pages', async () => {
    const pages = [page(1, 'Yleistä', 0), page(2, 'Huolto', 0), page(3, 'Mittarit', 5)];
    const { sent } = renderEdit('/p/7/edit/pages', adminProject(7, 'Koulu', { pages }), {
      UpdateProjectPage: ({ input }) => {
        const { id, order } = input as { id: number; order: number };
        return { data: { updateProjectPage: { ...pages.find((item) => item.id === id), order } } };
      },
    });
    const list = await screen.findByTestId('edit-project-pages');
    const names = () =>
      within(list)
        .getAllByTestId('edit-project-page')
        .map((item) => within(item).getByText(/^(Yleistä|Huolto|Mittarit)$/).textContent);
    expect(names()).toEqual(['Yleistä', 'Huolto', 'Mittarit']);

    fireEvent.click(within(list).getByRole('button', { name: 'Siirrä Mittarit ylemmäs' }));
    await waitFor(() => expect(names()).toEqual(['Yleistä', 'Mittarit', 'Huolto']));
    expect(sent.map((operation) => operation.variables.input)).toEqual([
      { id: 3, order: 1 },
      { id: 2, order: 2 },
    ]);
  });
});
