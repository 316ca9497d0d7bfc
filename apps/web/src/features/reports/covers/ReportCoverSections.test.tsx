// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../testing/confirmDialog.ts';
import { signedInUser } from '../../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../../testing/renderApp.tsx';
import { organizationId, organizationSummary } from '../../organizations/testData.ts';
import { coverText, newCoverContent } from './coverContent.ts';

configure({ asyncUtilTimeout: 5000 });

// The cover editor loads when a cover is opened (with TipTap): its first load may take a while on a busy machine.

const hidden = true;

function cover(id: number, name: string, content: unknown = newCoverContent()) {
  return {
    __typename: 'ReportCover',
    id,
    organizationId,
    name,
    cover: content,
    updatedAt: '2026-11-20T09:30:00.000Z',
  };
}

function template(id: number, name: string, projectId: number, projectName: string) {
  return {
    __typename: 'ReportTemplate',
    id,
    name,
    projectId,
    projectName,
    organizationName: 'Olo Demo',
    updatedAt: '2026-11-21T12:00:00.000Z',
  };
}

interface Sent {
  name: string;
  variables: Record<string, unknown>;
}

function renderOrganization(answers: GraphqlAnswers, admin = true) {
  const sent: Sent[] = [];
  const recorded: GraphqlAnswers = {};
  for (const [name, answer] of Object.entries(answers)) {
    recorded[name] = (variables) => {
      sent.push({ name, variables });
      return answer(variables);
    };
  }
  const view = renderApp({
    path: '/o/olo-demo',
    graphql: {
      CurrentUser: () => ({ data: { currentUser: signedInUser() } }),
      OrganizationPage: () => ({
        data: {
          organizationBySlug: {
            ...organizationSummary({ currentUserIsAdmin: admin }),
            parent: null,
            organizations: [],
            projects: [],
          },
        },
      }),
      ...recorded,
    },
  });
  return { ...view, sent };
}

const covers = (list: ReturnType<typeof cover>[]) => () => ({
  data: { organization: { __typename: 'Organization', id: organizationId, reportCovers: list } },
});
const templates = (list: ReturnType<typeof template>[]) => () => ({
  data: { organization: { __typename: 'Organization', id: organizationId, reportTemplates: list } },
});

describe('report covers and templates on the organization page', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('are shown to the organization’s admins only', async () => {
    const { operations } = renderOrganization({}, false);
    await screen.findByRole('heading', { name: 'Olo Demo' });
    expect(screen.queryByTestId('report-covers-section')).toBeNull();
    expect(screen.queryByTestId('report-templates-section')).toBeNull();
    expect(operations).not.toContain('OrganizationReportCovers');
    expect(operations).not.toContain('OrganizationReportTemplates');
  });

  it('creates a cover that starts with the report’s name, project and period, and opens it for editing', async () => {
    let list: ReturnType<typeof cover>[] = [];
    const { sent } = renderOrganization({
      OrganizationReportCovers: () => covers(list)(),
      OrganizationReportTemplates: templates([]),
      CreateReportCover: ({ input }) => {
        const { name, cover: content } = input as { name: string; cover: unknown };
        list = [cover(5, name, content)];
        return { data: { createReportCover: list[0] } };
      },
    });
    const section = await screen.findByTestId('report-covers-section');
    expect(await within(section).findByTestId('no-report-covers')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Uusi kansilehti' }));
    const form = await screen.findByTestId('new-cover-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Olo-kansi' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Luo kansilehti' }));
    await waitFor(() => expect(sent.map((item) => item.name)).toContain('CreateReportCover'));
    const created = sent.find((item) => item.name === 'CreateReportCover')?.variables.input as {
      organizationId: string;
      name: string;
      cover: { elements: { text: string }[] };
    };
    expect(created.organizationId).toBe(organizationId);
    expect(created.name).toBe('Olo-kansi');
    expect(created.cover.elements.map((element) => element.text)).toEqual([
      '{report.name}',
      '{project.name}',
      '{report.from} – {report.to}',
    ]);
    const editor = await screen.findByTestId('cover-editor', {}, { timeout: 20_000 });
    expect(within(editor).getAllByTestId('cover-element')).toHaveLength(3);
    // The preview fills the variables for a sample project of the organization.
    const preview = within(editor).getByTestId('cover-preview');
    expect(within(preview).getByRole('heading', { level: 1 }).textContent).toBe('Esimerkkiraportti');
    expect(within(preview).getByRole('heading', { level: 2 }).textContent).toBe('Esimerkkiprojekti');
  });

  it('edits a cover’s name and texts, with a variable put in at the cursor, and saves it whole', async () => {
    const stored = cover(5, 'Olo-kansi', {
      version: 1,
      logoAttachmentId: null,
      elements: [coverText('Raportti', 'title')],
    });
    const { sent } = renderOrganization({
      OrganizationReportCovers: covers([stored]),
      OrganizationReportTemplates: templates([]),
      UpdateReportCover: ({ input }) => ({ data: { updateReportCover: { ...stored, ...(input as object) } } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Olo-kansi' }));
    const editor = await screen.findByTestId('cover-editor', {}, { timeout: 20_000 });
    fireEvent.change(within(editor).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Koulujen kansi' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Lisää teksti' }));
    const second = within(editor).getByRole('textbox', { name: 'Teksti 2' }) as HTMLTextAreaElement;
    fireEvent.change(second, { target: { value: 'Kohde: ' } });
    second.setSelectionRange(7, 7);
    fireEvent.click(within(editor).getByRole('button', { name: 'Lisää muuttuja tekstiin 2' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /^Projektin nimi/, hidden }));
    await waitFor(() => expect(second.value).toBe('Kohde: {project.name}'));
    // The space's name means nothing on a cover, which belongs to no space.
    fireEvent.click(within(editor).getByRole('button', { name: 'Lisää muuttuja tekstiin 2' }));
    await screen.findByRole('menuitem', { name: /^Projektin nimi/, hidden });
    expect(screen.queryByRole('menuitem', { name: /^Tilan nimi/, hidden })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu', { hidden }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu', { hidden })).toBeNull());
    fireEvent.click(within(editor).getByRole('button', { name: 'Siirrä ylös: Teksti 2' }));
    // The preview follows the edits.
    expect(within(within(editor).getByTestId('cover-preview')).getByText('Kohde: Esimerkkiprojekti')).toBeTruthy();
    fireEvent.click(within(editor).getByRole('button', { name: 'Lisää muotoiltu teksti' }));
    expect(await within(editor).findByText('Muotoiltu teksti 3')).toBeTruthy();
    fireEvent.click(within(editor).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent.map((item) => item.name)).toContain('UpdateReportCover'));
    const input = sent.find((item) => item.name === 'UpdateReportCover')?.variables.input as {
      id: number;
      name: string;
      cover: { logoAttachmentId: string | null; elements: { kind: string; text?: string; style?: string }[] };
    };
    expect(input.id).toBe(5);
    expect(input.name).toBe('Koulujen kansi');
    expect(input.cover.logoAttachmentId).toBeNull();
    expect(input.cover.elements.map((element) => [element.kind, element.text, element.style])).toEqual([
      ['text', 'Kohde: {project.name}', 'paragraph'],
      ['text', 'Raportti', 'title'],
      ['richText', undefined, undefined],
    ]);
    await waitFor(() => expect(screen.queryByTestId('cover-editor')).toBeNull());
  });

  it('refuses a cover without a name in the user’s language, sending nothing', async () => {
    const { sent } = renderOrganization({
      OrganizationReportCovers: covers([cover(5, 'Olo-kansi')]),
      OrganizationReportTemplates: templates([]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Olo-kansi' }));
    const editor = await screen.findByTestId('cover-editor', {}, { timeout: 20_000 });
    fireEvent.change(within(editor).getByRole('textbox', { name: /^Nimi/ }), { target: { value: ' ' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Tallenna' }));
    expect(await within(editor).findByText('Pakollinen tieto')).toBeTruthy();
    expect(sent.map((item) => item.name)).not.toContain('UpdateReportCover');
  });

  it('uploads a logo as the organization’s attachment and saves it on the cover', async () => {
    const uploads: FormData[] = [];
    const logoId = '3f1c2a4e-0000-4000-8000-00000000000a';
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      expect(String(input)).toBe('/api/attachments');
      uploads.push(init?.body as FormData);
      return new Response(JSON.stringify({ id: logoId, path: `/api/attachments/${logoId}/logo.png` }), { status: 201 });
    });
    try {
      const stored = cover(5, 'Olo-kansi');
      const { sent } = renderOrganization({
        OrganizationReportCovers: covers([stored]),
        OrganizationReportTemplates: templates([]),
        UpdateReportCover: () => ({ data: { updateReportCover: stored } }),
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Olo-kansi' }));
      const editor = await screen.findByTestId('cover-editor', {}, { timeout: 20_000 });
      const input = within(editor).getByTestId('cover-logo-input');
      fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
      expect((await within(editor).findByTestId('cover-logo')).getAttribute('src')).toBe(`/api/attachments/${logoId}`);
      expect(uploads[0]?.get('organizationId')).toBe(organizationId);
      expect(uploads[0]?.get('projectId')).toBeNull();
      // Another type is refused before anything is sent.
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' })] } });
      expect(await within(editor).findByText('Tiedostotyyppi ei ole sallittu')).toBeTruthy();
      expect(uploads).toHaveLength(1);
      fireEvent.click(within(editor).getByRole('button', { name: 'Tallenna' }));
      await waitFor(() => expect(sent.map((item) => item.name)).toContain('UpdateReportCover'));
      const saved = sent.find((item) => item.name === 'UpdateReportCover')?.variables.input as {
        cover: { logoAttachmentId: string };
      };
      expect(saved.cover.logoAttachmentId).toBe(logoId);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('deletes a cover once the admin confirms', async () => {
    let list = [cover(5, 'Olo-kansi'), cover(6, 'Vanha kansi')];
    const { sent } = renderOrganization({
      OrganizationReportCovers: () => covers(list)(),
      OrganizationReportTemplates: templates([]),
      DeleteReportCover: ({ id }) => {
        list = list.filter((item) => item.id !== id);
        return { data: { deleteReportCover: true } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Poista Vanha kansi' }));
    expect(await answerConfirm(true)).toContain('Vanha kansi');
    await waitFor(() => expect(screen.getAllByTestId('report-cover-row')).toHaveLength(1));
    expect(sent.find((item) => item.name === 'DeleteReportCover')?.variables).toEqual({ id: 6 });
  });

  it('lists the templates with their projects, and stops offering one while keeping its report', async () => {
    let list = [template(41, 'Sisäilmaraportti', 3, 'Koulu A'), template(42, 'Kuivumisraportti', 4, 'Laatta')];
    const { sent } = renderOrganization({
      OrganizationReportCovers: covers([]),
      OrganizationReportTemplates: () => templates(list)(),
      StopOfferingReportTemplate: ({ id }) => {
        list = list.filter((item) => item.id !== id);
        return { data: { updateReport: { __typename: 'Report', id, template: false } } };
      },
    });
    const section = await screen.findByTestId('report-templates-section');
    const rows = await within(section).findAllByTestId('report-template-row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Koulu A' })
        .getAttribute('href'),
    ).toBe('/p/3');
    fireEvent.click(within(section).getByRole('button', { name: 'Lopeta tarjoaminen: Kuivumisraportti' }));
    expect(await answerConfirm(true)).toContain('Itse raportti jää projektiinsa');
    await waitFor(() => expect(within(section).getAllByTestId('report-template-row')).toHaveLength(1));
    expect(sent.find((item) => item.name === 'StopOfferingReportTemplate')?.variables).toEqual({ id: 42 });
  });
});
