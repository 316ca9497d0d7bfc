// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectPrivilege } from '../../../graphql/generated.ts';
import { answerConfirm } from '../../../testing/confirmDialog.ts';
import { signedInUser } from '../../../testing/currentUser.ts';
import { typeInto } from '../../../testing/dateFields.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../../testing/renderApp.tsx';
import { listProject, shellProject } from '../../projects/testProjects.ts';
import { attentionItem, listReport, unmappedItem } from './testReports.ts';

configure({ asyncUtilTimeout: 5000 });

// Mantine hides dropdowns that jsdom, which lays nothing out, reports off screen; a browser shows them.
const hidden = true;

async function choose(container: HTMLElement, label: RegExp, option: string) {
  const input = within(container).getByRole('combobox', { name: label });
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  fireEvent.click(await within(listbox).findByRole('option', { name: option, hidden }));
}

function renderReports(privileges: ProjectPrivilege[], answers: GraphqlAnswers) {
  return renderApp({
    path: '/p/7/report',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: ({ id }) => ({ data: { project: shellProject(Number(id), 'Koulu', { privileges }) } }),
      ...answers,
    },
  });
}

const templates = () => ({
  data: {
    project: { __typename: 'Project', id: 7, defaultSelect: 30 },
    reportExtras: {
      __typename: 'ReportExtras',
      templates: [
        {
          __typename: 'ReportTemplate',
          id: 41,
          name: 'Sisäilmaraportti',
          projectId: 3,
          projectName: 'Koulu A',
          organizationName: 'Olo Demo',
          updatedAt: '2026-11-01T10:00:00.000Z',
        },
      ],
    },
  },
});

describe('report list', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('shows a viewer of reports the list with period, state and flags, and no actions', async () => {
    renderReports(['view', 'viewReports'], {
      ProjectReports: () => ({
        data: {
          reports: [
            listReport(1, 'Marraskuu', { published: true, publicId: 'b1c2', summary: true }),
            listReport(2, 'Pohja', { template: true }),
          ],
        },
      }),
    });
    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Marraskuu')).toBeTruthy();
    expect(within(first).getByText('1.–30.11.2026')).toBeTruthy();
    expect(within(first).getByText('Julkaistu')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Julkinen linkki' }).getAttribute('href')).toBe('/report/b1c2');
    expect(within(first).getByRole('button', { name: 'Kopioi raportin Marraskuu julkinen linkki' })).toBeTruthy();
    expect(within(first).getByText('Yhteenvetoraportti')).toBeTruthy();
    expect(within(second).getByText('Ei julkaistu')).toBeTruthy();
    expect(within(second).getByText('Pohja', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uusi raportti' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Kloonaa/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Poista/ })).toBeNull();
  });

  it('refuses the page to a member without the reports right', async () => {
    renderReports(['view'], {});
    expect(await screen.findByTestId('permission-denied')).toBeTruthy();
  });

  it('creates a report from a template over the chosen days and lists what found no match', async () => {
    const sent: Record<string, unknown>[] = [];
    renderReports(['view', 'viewReports', 'adminReports'], {
      ProjectReports: () => ({ data: { reports: [] } }),
      ReportCreationTemplates: templates,
      CreateReport: (variables) => {
        sent.push(variables);
        return {
          data: {
            createReport: {
              __typename: 'ReportCreation',
              report: listReport(9, 'Joulukuu'),
              unmapped: [
                unmappedItem('g1', 'Luokka 3', null),
                unmappedItem('g2', 'Luokka 3', null),
                unmappedItem('t1', 'Aula', 'CO2'),
              ],
              attention: [
                attentionItem('text', 'intro', 'Koulun luokat ja sali'),
                attentionItem('pin', 'plan', 'Sali'),
                attentionItem('noData', null, 'Kouluaika'),
              ],
            },
          },
        };
      },
    });
    const empty = await screen.findByTestId('reports-empty');
    fireEvent.click(within(empty).getByRole('button', { name: 'Uusi raportti' }));
    const form = await screen.findByTestId('create-report-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Joulukuu' } });
    typeInto(within(form).getByLabelText(/^Ensimmäinen päivä/), '1.12.2026');
    typeInto(within(form).getByLabelText(/^Viimeinen päivä/), '31.12.2026');
    await choose(form, /^Pohja/, 'Sisäilmaraportti (Koulu A, Olo Demo)');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo raportti' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      input: {
        projectId: 7,
        name: 'Joulukuu',
        // Helsinki midnights: the first day's, and the one after the last day.
        from: '2026-11-30T22:00:00.000Z',
        to: '2026-12-31T22:00:00.000Z',
        templateId: 41,
      },
    });
    const notice = await screen.findByTestId('report-unmapped');
    expect(
      within(notice)
        .getAllByTestId('report-unmapped-item')
        .map((item) => item.textContent),
    ).toEqual(['Luokka 3: tämännimistä tilaa ei ole', 'Aula: ei sarjaa suureelle CO2']);
    // What was written for the template's project, the pin dropped with its space, a slot without readings.
    expect(
      within(notice)
        .getAllByTestId('report-attention-item')
        .map((item) => item.textContent),
    ).toEqual([
      'Pohjasta kopioitu teksti: ”Koulun luokat ja sali”',
      'Tilan Sali merkki poistettiin pohjapiirroksesta: samannimistä tilaa ei ole',
      'Tietojaksolla Kouluaika ei ole raportin sarjojen mittauksia',
    ]);
    expect(screen.queryByTestId('create-report-form')).toBeNull();
  });

  it('says in the form when the last day is before the first, and sends nothing', async () => {
    const sent: unknown[] = [];
    renderReports(['view', 'adminReports'], {
      ProjectReports: () => ({ data: { reports: [listReport(1, 'Marraskuu')] } }),
      ReportCreationTemplates: templates,
      CreateReport: (variables) => {
        sent.push(variables);
        return { data: null };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Uusi raportti' }));
    const form = await screen.findByTestId('create-report-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Väärin päin' } });
    typeInto(within(form).getByLabelText(/^Ensimmäinen päivä/), '10.12.2026');
    typeInto(within(form).getByLabelText(/^Viimeinen päivä/), '1.12.2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Luo raportti' }));
    expect(await within(form).findByText('Loppu on ennen alkua')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('clones a report into another project the user administers reports of, then opens the copy', async () => {
    const sent: Record<string, unknown>[] = [];
    const { router } = renderReports(['view', 'viewReports', 'adminReports'], {
      ProjectReports: () => ({ data: { reports: [listReport(1, 'Marraskuu')] } }),
      ReportCloneTargets: () => ({
        data: {
          projects: [
            { ...listProject(7, 'Koulu'), privileges: ['view', 'adminReports'] },
            { ...listProject(8, 'Päiväkoti'), privileges: ['view', 'admin', 'adminReports'] },
            { ...listProject(9, 'Vain katselu'), privileges: ['view', 'viewReports'] },
          ],
        },
      }),
      CloneReport: (variables) => {
        sent.push(variables);
        return {
          data: {
            cloneReport: {
              __typename: 'ReportCreation',
              report: listReport(12, 'Marraskuu päiväkodissa', { projectId: 8 }),
              unmapped: [],
              attention: [],
            },
          },
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Kloonaa Marraskuu' }));
    const form = await screen.findByTestId('clone-report-form');
    expect((within(form).getByRole('textbox', { name: /^Kopion nimi/ }) as HTMLInputElement).value).toBe(
      'Kopio: Marraskuu',
    );
    const target = within(form).getByRole('combobox', { name: /^Projektiin/ });
    fireEvent.click(target);
    await waitFor(() => expect(target.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(target.getAttribute('aria-controls') ?? '') as HTMLElement;
    await within(listbox).findByRole('option', { name: 'Päiväkoti (Demo Oy)', hidden });
    // A project whose reports the user only views is not offered.
    expect(within(listbox).queryByRole('option', { name: 'Vain katselu (Demo Oy)', hidden })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Päiväkoti (Demo Oy)', hidden }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Kopion nimi/ }), {
      target: { value: 'Marraskuu päiväkodissa' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Kloonaa' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ input: { id: 1, projectId: 8, name: 'Marraskuu päiväkodissa' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/p/8/report/12'));
  });

  it('deletes a report once the user confirms', async () => {
    const deleted: unknown[] = [];
    let reports = [listReport(1, 'Marraskuu'), listReport(2, 'Lokakuu')];
    renderReports(['view', 'adminReports'], {
      ProjectReports: () => ({ data: { reports } }),
      DeleteReport: ({ id }) => {
        deleted.push(id);
        reports = reports.filter((report) => report.id !== id);
        return { data: { deleteReport: true } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Poista Lokakuu' }));
    expect(await answerConfirm(false)).toContain('Lokakuu');
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Poista Lokakuu' }));
    await answerConfirm(true);
    await waitFor(() => expect(deleted).toEqual([2]));
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(1));
  });
});
