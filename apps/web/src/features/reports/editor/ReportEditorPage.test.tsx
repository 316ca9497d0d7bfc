// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectPrivilege } from '../../../graphql/generated.ts';
import { answerConfirm } from '../../../testing/confirmDialog.ts';
import { signedInUser } from '../../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../../testing/renderApp.tsx';
import { shellProject } from '../../projects/testProjects.ts';

// What the server does with a save (the version check, the content's schema, permissions) is tested against the
// real server in apps/server/src/modules/reports; here the editor's side of it, with canned answers.

const admin: ProjectPrivilege[] = ['view', 'viewReports', 'adminReports'];
const viewer: ProjectPrivilege[] = ['view', 'viewReports'];

function reportAnswer(state: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: 'Report',
    id: 5,
    projectId: 7,
    name: 'Sisäilmaraportti',
    content: {
      version: 1,
      elements: [{ id: 'intro', kind: 'text', text: 'Kohde {project.name}', style: 'title', children: [] }],
    },
    dataslots: [],
    from: '2026-02-28T22:00:00.000Z',
    to: '2026-03-31T21:00:00.000Z',
    landscape: false,
    pageMargin: '15mm',
    coverId: null,
    printtemplateId: null,
    publicId: null,
    published: false,
    template: false,
    summary: false,
    version: 3,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    cover: null,
    context: {
      __typename: 'ReportContext',
      projectId: 7,
      projectName: 'Koulu',
      projectCode: 'K-1',
      organizationName: 'Demo Oy',
      timeZone: 'Europe/Helsinki',
      dataId: 'd1',
      startAt: null,
      defaultSelect: 30,
      defaults: null,
      spaces: [
        { __typename: 'ReportSpace', id: 1, name: 'Luokka 201', show: true, color: null },
        { __typename: 'ReportSpace', id: 2, name: 'Luokka 202', show: true, color: null },
      ],
      series: [],
      alarmEpisodes: [],
    },
    ...state,
  };
}

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

function renderEditor(privileges: ProjectPrivilege[], answers: GraphqlAnswers = {}) {
  const sent: Sent[] = [];
  const recorded = (name: string, answer: GraphqlAnswers[string]) => (variables: Record<string, unknown>) => {
    sent.push({ name, variables });
    return answer(variables);
  };
  const all: GraphqlAnswers = {
    ReportEditor: () => ({ data: { report: reportAnswer() } }),
    ReportEditorExtras: () => ({
      data: {
        reportExtras: {
          __typename: 'ReportExtras',
          covers: [],
          printTemplates: [{ __typename: 'PrintTemplate', id: 2, name: 'Olo A4' }],
        },
      },
    }),
    ...answers,
  };
  const view = renderApp({
    path: '/p/7/report/5',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      ProjectShell: () => ({ data: { project: shellProject(7, 'Koulu', { privileges }) } }),
      ...Object.fromEntries(Object.entries(all).map(([name, answer]) => [name, recorded(name, answer)])),
    },
  });
  return { ...view, sent };
}

function saves(sent: Sent[]) {
  return sent
    .filter((item) => item.name === 'ReportEditorSave')
    .map((item) => item.variables.input as Record<string, unknown>);
}

function contentOf(input: Record<string, unknown> | undefined): { elements: Record<string, unknown>[] } {
  if (!input) throw new Error('nothing saved');
  return input.content as { elements: Record<string, unknown>[] };
}

function saveState(): string | null {
  return screen.getByTestId('save-state').getAttribute('data-state');
}

describe('report editor', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('adds an element from the palette, changes its settings and saves both with the version it read', async () => {
    let version = 3;
    const { sent } = renderEditor(admin, {
      ReportEditorSave: ({ input }) => {
        version += 1;
        const { id } = input as { id: number };
        return { data: { updateReport: { __typename: 'Report', id, version, updatedAt: '2026-03-02T08:00:00.000Z' } } };
      },
    });
    const canvas = await screen.findByTestId('report-canvas');
    // The existing element is drawn as the report draws it, its variable filled.
    expect(await within(canvas).findByText('Kohde Koulu')).toBeTruthy();
    expect(saveState()).toBe('saved');

    fireEvent.click(screen.getByRole('button', { name: 'Lisää: Teksti' }));
    // The new element is selected: its settings are in the panel.
    const panel = screen.getByTestId('element-panel');
    const text = within(panel).getByRole('textbox', { name: 'Teksti' });
    fireEvent.change(text, { target: { value: 'Mittaukset {report.from} alkaen' } });
    expect(saveState()).toBe('unsaved');
    fireEvent.click(within(panel).getByRole('switch', { name: 'Aloita uusi sivu ennen tätä' }));

    await waitFor(() => expect(saves(sent)).toHaveLength(1), { timeout: 5000 });
    const [first] = saves(sent);
    expect(first).toMatchObject({ id: 5, version: 3, name: 'Sisäilmaraportti', landscape: false });
    const { elements } = contentOf(first);
    expect(elements).toHaveLength(2);
    expect(elements[1]).toMatchObject({ kind: 'text', text: 'Mittaukset {report.from} alkaen', pageBreakBefore: true });
    await waitFor(() => expect(saveState()).toBe('saved'));

    // The next save goes with the version the server gave. The report's settings open from their fold.
    expect(screen.queryByRole('radio', { name: 'Vaaka' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Raportin asetukset' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Vaaka' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(2), { timeout: 5000 });
    expect(saves(sent)[1]).toMatchObject({ version: 4, landscape: true });
    expect(screen.getByTestId('report-canvas').getAttribute('data-orientation')).toBe('landscape');
  });

  it('says when the report was changed elsewhere, stops saving and reloads the server’s version', async () => {
    let reloaded = false;
    const { sent } = renderEditor(admin, {
      ReportEditor: () => ({
        data: { report: reportAnswer(reloaded ? { name: 'Muutettu muualla', version: 9 } : {}) },
      }),
      ReportEditorSave: () => ({
        data: null,
        errors: [
          {
            message: 'The report was changed elsewhere: reload to see the changes',
            extensions: { code: 'CONFLICT' },
          },
        ],
      }),
    });
    const name = await screen.findByRole('textbox', { name: 'Raportin nimi' });
    fireEvent.change(name, { target: { value: 'Uusi nimi' } });
    const conflict = await screen.findByTestId('save-conflict', {}, { timeout: 5000 });
    expect(
      within(conflict).getByText('Raporttia on muutettu muualla: lataa se uudelleen nähdäksesi muutokset'),
    ).toBeTruthy();
    expect(saveState()).toBe('conflict');
    // Further changes are not sent over the other one.
    fireEvent.change(name, { target: { value: 'Vielä uudempi' } });
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(saves(sent)).toHaveLength(1);

    reloaded = true;
    fireEvent.click(within(conflict).getByRole('button', { name: 'Lataa raportti uudelleen' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Raportin nimi' }) as HTMLInputElement).value).toBe(
        'Muutettu muualla',
      ),
    );
    expect(saveState()).toBe('saved');
    expect(screen.queryByTestId('save-conflict')).toBeNull();
  });

  it('shows a failed save with its reason and tries again on request', async () => {
    let fail = true;
    const { sent } = renderEditor(admin, {
      ReportEditorSave: ({ input }) =>
        fail
          ? { data: null, errors: [{ message: 'Too long' }] }
          : {
              data: {
                updateReport: {
                  __typename: 'Report',
                  id: (input as { id: number }).id,
                  version: 4,
                  updatedAt: '2026-03-02T08:00:00.000Z',
                },
              },
            },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Raportin nimi' }), { target: { value: 'Uusi' } });
    await waitFor(() => expect(saveState()).toBe('failed'), { timeout: 5000 });
    expect(screen.getByTestId('save-error').textContent).toBe('Liian pitkä');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Yritä uudelleen' }));
    await waitFor(() => expect(saveState()).toBe('saved'));
    expect(saves(sent).map((input) => input.version)).toEqual([3, 3]);
  });

  it('moves, nests and removes elements with the selected frame’s buttons', async () => {
    const elements = [
      { id: 'a', kind: 'text', text: 'Ensimmäinen', children: [] },
      { id: 'b', kind: 'text', text: 'Toinen', children: [] },
    ];
    const { sent } = renderEditor(admin, {
      ReportEditor: () => ({ data: { report: reportAnswer({ content: { version: 1, elements } }) } }),
      ReportEditorSave: ({ input }) => ({
        data: {
          updateReport: {
            __typename: 'Report',
            id: (input as { id: number }).id,
            version: 4,
            updatedAt: '2026-03-02T08:00:00.000Z',
          },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Teksti: Toinen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yllä olevan elementin sisään' }));
    const frames = () => screen.getAllByTestId('element-frame').map((frame) => frame.getAttribute('data-element-id'));
    expect(frames()).toEqual(['a', 'b']);
    const outer = screen.getAllByTestId('element-frame')[0] as HTMLElement;
    expect(
      within(outer)
        .getAllByTestId('element-frame')
        .map((frame) => frame.getAttribute('data-element-id')),
    ).toEqual(['b']);
    fireEvent.click(screen.getByRole('button', { name: 'Ulos säiliöstään' }));
    fireEvent.click(screen.getByRole('button', { name: 'Siirrä ylös' }));
    expect(frames()).toEqual(['b', 'a']);
    fireEvent.click(screen.getByRole('button', { name: 'Poista' }));
    expect(frames()).toEqual(['a']);
    await waitFor(() => expect(saves(sent)).toHaveLength(1), { timeout: 5000 });
    expect(contentOf(saves(sent)[0]).elements.map((element) => element.id)).toEqual(['a']);
  });

  it('asks before leaving while a change is not saved', async () => {
    renderEditor(admin, {
      ReportEditorSave: () => ({ data: null, errors: [{ message: 'Too long' }] }),
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Raportin nimi' }), { target: { value: 'Uusi' } });
    await waitFor(() => expect(saveState()).toBe('failed'), { timeout: 5000 });
    fireEvent.click(screen.getByRole('link', { name: 'Yleiskatsaus' }));
    expect(await answerConfirm(false)).toBe('Haluatko varmasti poistua? Sinulla on tallentamattomia muutoksia!');
    expect(screen.getByTestId('report-editor')).toBeTruthy();
  });

  it('offers the saved report as PDF, and not while a change is unsaved', async () => {
    renderEditor(admin, {
      ReportEditorSave: ({ input }) => ({
        data: {
          updateReport: {
            __typename: 'Report',
            id: 5,
            version: Number((input as { version: number }).version) + 1,
            updatedAt: '2026-03-02T08:00:00.000Z',
          },
        },
      }),
    });
    const link = await screen.findByRole('link', { name: 'Lataa PDF' });
    expect(link.getAttribute('href')).toBe('/api/reports/5.pdf?lang=fi');
    fireEvent.change(screen.getByRole('textbox', { name: 'Raportin nimi' }), { target: { value: 'Uusi nimi' } });
    // The server prints the saved version, so the button waits for the save.
    await waitFor(() => expect(screen.getByTestId('download-pdf').hasAttribute('href')).toBe(false));
    expect(screen.getByTestId('download-pdf-disabled').getAttribute('title')).toBe(
      'PDF:n voi ladata, kun muutoksesi on tallennettu.',
    );
    await waitFor(() => expect(saveState()).toBe('saved'), { timeout: 5000 });
    const saved = screen.getByRole('link', { name: 'Lataa PDF' });
    expect(saved.getAttribute('href')).toBe('/api/reports/5.pdf?lang=fi');
    expect(saved.getAttribute('download')).toBe('Uusi nimi.pdf');
  });

  it('shows viewers who may not edit the report as a document, without palette or panel', async () => {
    renderEditor(viewer);
    expect(await screen.findByTestId('report-document')).toBeTruthy();
    expect(await screen.findByText('Kohde Koulu')).toBeTruthy();
    expect(screen.queryByTestId('element-palette')).toBeNull();
    expect(screen.queryByTestId('element-panel')).toBeNull();
    expect(screen.queryByTestId('save-state')).toBeNull();
    expect(screen.getByRole('link', { name: 'Lataa PDF' }).getAttribute('href')).toBe('/api/reports/5.pdf?lang=fi');
  });
});
