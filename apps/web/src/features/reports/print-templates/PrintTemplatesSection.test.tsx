// @vitest-environment jsdom

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerConfirm } from '../../../testing/confirmDialog.ts';
import { signedInUser } from '../../../testing/currentUser.ts';
import { cleanupApp, type GraphqlAnswers, renderApp } from '../../../testing/renderApp.tsx';
import { organizationId, organizationSummary } from '../../organizations/testData.ts';

configure({ asyncUtilTimeout: 5000 });

const hidden = true;

function printTemplate(id: number, name: string, changes: Record<string, unknown> = {}) {
  return {
    __typename: 'PrintTemplate',
    id,
    organizationId,
    name,
    header: '<b>{report.name}</b>',
    footer: '<div>{page} / {pages}</div>',
    css: '',
    margin: '15mm',
    accentColor: null,
    tableHeaderColor: null,
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...changes,
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
  const none = (field: string) => () => ({
    data: { organization: { __typename: 'Organization', id: organizationId, [field]: [] } },
  });
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
      OrganizationReportCovers: none('reportCovers'),
      OrganizationReportTemplates: none('reportTemplates'),
      ...recorded,
    },
  });
  return { ...view, sent };
}

const listOf = (list: ReturnType<typeof printTemplate>[]) => () => ({
  data: { organization: { __typename: 'Organization', id: organizationId, printTemplates: list } },
});

describe('print templates on the organization page', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanupApp);

  it('are shown to the organization’s admins only', async () => {
    const { operations } = renderOrganization({}, false);
    await screen.findByRole('heading', { name: 'Olo Demo' });
    expect(screen.queryByTestId('print-templates-section')).toBeNull();
    expect(operations).not.toContain('OrganizationPrintTemplates');
  });

  it('creates a template with a variable put in at the cursor, a margin and a colour, previewing it filled', async () => {
    let list: ReturnType<typeof printTemplate>[] = [];
    const { sent } = renderOrganization({
      OrganizationPrintTemplates: () => listOf(list)(),
      CreatePrintTemplate: ({ input }) => {
        list = [printTemplate(7, (input as { name: string }).name, input as Record<string, unknown>)];
        return { data: { createPrintTemplate: list[0] } };
      },
    });
    const section = await screen.findByTestId('print-templates-section');
    expect(await within(section).findByTestId('no-print-templates')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Uusi tulostuspohja' }));
    const form = await screen.findByTestId('print-template-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Perus' } });
    const header = within(form).getByRole('textbox', { name: /^Ylätunniste/ }) as HTMLTextAreaElement;
    fireEvent.change(header, { target: { value: '<b>Raportti: </b>' } });
    header.setSelectionRange(13, 13);
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää muuttuja kenttään: Ylätunniste' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /^Raportin nimi/, hidden }));
    await waitFor(() => expect(header.value).toBe('<b>Raportti: {report.name}</b>'));
    // The preview fills the variables for a sample report, page 2 of 5, and shows the header's markup as formatting.
    const preview = within(form).getByTestId('print-template-preview');
    expect(within(preview).getByTestId('preview-header').innerHTML).toBe('<b>Raportti: Esimerkkiraportti</b>');
    expect(within(preview).getByTestId('preview-footer').textContent).toContain('2 / 5');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Sivun marginaali/ }), { target: { value: '2cm' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Korostusväri/ }), { target: { value: '#0055aa' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Luo tulostuspohja' }));
    await waitFor(() => expect(sent.map((item) => item.name)).toContain('CreatePrintTemplate'));
    expect(sent.find((item) => item.name === 'CreatePrintTemplate')?.variables.input).toEqual({
      organizationId,
      name: 'Perus',
      header: '<b>Raportti: {report.name}</b>',
      footer: expect.stringContaining('{page} / {pages}'),
      css: '',
      margin: '2cm',
      accentColor: '#0055aa',
      tableHeaderColor: null,
    });
    await waitFor(() => expect(screen.queryByTestId('print-template-form')).toBeNull());
    expect(await within(section).findByText('Perus')).toBeTruthy();
  });

  it('never runs a script or loads an image of the header in the preview', async () => {
    renderOrganization({ OrganizationPrintTemplates: listOf([printTemplate(7, 'Perus')]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Perus' }));
    const form = await screen.findByTestId('print-template-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Ylätunniste/ }), {
      target: {
        value:
          '<img src="https://evil.example/x.png" onerror="alert(1)"><i onclick="x()">Otsikko</i><script>1</script>',
      },
    });
    const shown = within(form).getByTestId('preview-header');
    expect(shown.innerHTML).toBe('<i>Otsikko</i>');
  });

  it('refuses CSS that loads something and a bad margin in the user’s language, sending nothing', async () => {
    const { sent } = renderOrganization({ OrganizationPrintTemplates: listOf([printTemplate(7, 'Perus')]) });
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Perus' }));
    const form = await screen.findByTestId('print-template-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Lisä-CSS/ }), {
      target: { value: '@import "https://evil.example/x.css";' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Sivun marginaali/ }), { target: { value: '9cm' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    expect(await within(form).findByText(/^CSS ei saa ladata mitään/)).toBeTruthy();
    expect(within(form).getByText(/^Anna marginaali pituutena/)).toBeTruthy();
    expect(sent.map((item) => item.name)).not.toContain('UpdatePrintTemplate');
  });

  it('saves an edited template whole, and clears a colour', async () => {
    const stored = printTemplate(7, 'Perus', { accentColor: '#112233' });
    const { sent } = renderOrganization({
      OrganizationPrintTemplates: listOf([stored]),
      UpdatePrintTemplate: ({ input }) => ({ data: { updatePrintTemplate: { ...stored, ...(input as object) } } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Perus' }));
    const form = await screen.findByTestId('print-template-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Nimi/ }), { target: { value: 'Perus 2' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Korostusväri/ }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(sent.map((item) => item.name)).toContain('UpdatePrintTemplate'));
    expect(sent.find((item) => item.name === 'UpdatePrintTemplate')?.variables.input).toEqual({
      id: 7,
      name: 'Perus 2',
      header: stored.header,
      footer: stored.footer,
      css: '',
      margin: '15mm',
      accentColor: null,
      tableHeaderColor: null,
    });
  });

  it('deletes a template once confirmed', async () => {
    const { sent } = renderOrganization({
      OrganizationPrintTemplates: listOf([printTemplate(7, 'Vanha pohja')]),
      DeletePrintTemplate: () => ({ data: { deletePrintTemplate: true } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Poista Vanha pohja' }));
    expect(await answerConfirm(true)).toContain('Vanha pohja');
    await waitFor(() => expect(sent.map((item) => item.name)).toContain('DeletePrintTemplate'));
    expect(sent.find((item) => item.name === 'DeletePrintTemplate')?.variables).toEqual({ id: 7 });
  });
});
