import { documentBounds, documentErrors } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { shippedHelp } from './shipped-help.ts';

const documentFields = 'id name path language published organizationId projectId order canEdit content';
const createDocument = `mutation C($input: CreateDocumentInput!) { createDocument(input: $input) { ${documentFields} } }`;
const updateDocument = `mutation U($input: UpdateDocumentInput!) { updateDocument(input: $input) { ${documentFields} } }`;
const deleteDocument = 'mutation D($id: Int!) { deleteDocument(id: $id) }';
const listDocuments =
  'query L($language: Language) { documents(language: $language) { id name path language published canEdit } }';
const oneDocument = 'query O($id: Int!) { document(id: $id) { id name content } }';
const searchDocuments = `query S($text: String!, $language: Language) {
  searchDocuments(text: $text, language: $language) { excerpt document { id name language } }
}`;

interface DocumentAnswer {
  id: number;
  name: string;
  path: string | null;
  language: string | null;
  published: boolean;
  canEdit: boolean;
}

describe.each(testDatabases)('help documents on %s', (kind) => {
  let olo: TestServer;
  let site: TestClient;
  let orgAdmin: TestClient;
  let orgMember: TestClient;
  let projectMember: TestClient;
  let stranger: TestClient;
  let organizationId: string;
  let projectId: number;
  const sql = () => olo.server.database.sql;

  async function create(client: TestClient, input: Record<string, unknown>): Promise<DocumentAnswer> {
    return expectData(await client.graphql<{ createDocument: DocumentAnswer }>(createDocument, { input }))
      .createDocument;
  }
  async function listedIds(client: TestClient, language?: string): Promise<number[]> {
    const data = expectData(await client.graphql<{ documents: DocumentAnswer[] }>(listDocuments, { language }));
    return data.documents.map((document) => document.id);
  }
  const documentCount = async () => Number((await sql()`select count(*)::int as count from documents`)[0]?.count);

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const admin = await signedInClient(olo.url);
    site = admin.client;
    await sql()`update users set is_admin = true where id = ${admin.account.id}`;
    const owner = await signedInClient(olo.url);
    orgAdmin = owner.client;
    organizationId = (await createOrganization(orgAdmin)).id;
    projectId = (await createProject(orgAdmin, organizationId)).id;
    const member = await signedInClient(olo.url);
    orgMember = member.client;
    await sql()`insert into organization_memberships (organization_id, user_id) values (${organizationId}, ${member.account.id})`;
    const inProject = await signedInClient(olo.url);
    projectMember = inProject.client;
    await sql()`insert into project_memberships (project_id, user_id) values (${projectId}, ${inProject.account.id})`;
    stranger = (await signedInClient(olo.url)).client;
  });
  afterAll(() => olo?.close());

  it('shows each reader the published documents of what they see, and drafts only to those who write them', async () => {
    const global = await create(site, { name: 'Global guide', content: 'For all', published: true });
    const ofOrganization = await create(orgAdmin, { name: 'Our rules', published: true, organizationId });
    const ofProject = await create(orgAdmin, { name: 'Site notes', published: true, projectId });
    const draft = await create(orgAdmin, { name: 'Unfinished', organizationId });
    expect(draft).toMatchObject({ published: false, canEdit: true });

    expect(await listedIds(stranger)).toEqual(expect.arrayContaining([global.id]));
    expect(await listedIds(stranger)).not.toEqual(expect.arrayContaining([ofOrganization.id]));
    const member = await listedIds(orgMember);
    expect(member).toEqual(expect.arrayContaining([global.id, ofOrganization.id]));
    expect(member).not.toContain(ofProject.id);
    expect(member).not.toContain(draft.id);
    const inProject = await listedIds(projectMember);
    expect(inProject).toEqual(expect.arrayContaining([global.id, ofProject.id]));
    expect(inProject).not.toContain(ofOrganization.id);
    expect(await listedIds(orgAdmin)).toEqual(expect.arrayContaining([ofOrganization.id, ofProject.id, draft.id]));

    // A reader gets the document by id but may not change it; others may not read it at all.
    expect(expectData(await orgMember.graphql(oneDocument, { id: ofOrganization.id }))).toMatchObject({
      document: { name: 'Our rules' },
    });
    const listedByMember = expectData(await orgMember.graphql<{ documents: DocumentAnswer[] }>(listDocuments, {}));
    expect(listedByMember.documents.find((document) => document.id === global.id)?.canEdit).toBe(false);
    for (const [client, id] of [
      [stranger, ofOrganization.id],
      [orgMember, draft.id],
      [projectMember, ofOrganization.id],
      [stranger, 999_999],
    ] as const) {
      expect((await client.graphql(oneDocument, { id })).errors?.[0]?.message).toBe('Permission denied');
    }
    for (const [client, input] of [
      [orgMember, { name: 'Mine', organizationId }],
      [projectMember, { name: 'Mine', projectId }],
      [orgAdmin, { name: 'Everyone’s' }],
    ] as const) {
      expect((await client.graphql(createDocument, { input })).errors?.[0]?.message).toBe('Permission denied');
    }
    expect(
      (await orgMember.graphql(updateDocument, { input: { id: ofOrganization.id, name: 'Taken' } })).errors?.[0]
        ?.message,
    ).toBe('Permission denied');
    expect((await orgAdmin.graphql(deleteDocument, { id: global.id })).errors?.[0]?.message).toBe('Permission denied');
    expect((await sql()`select name from documents where id = ${ofOrganization.id}`)[0]?.name).toBe('Our rules');
  });

  it('publishes a draft to its readers and takes it back when unpublished', async () => {
    const draft = await create(orgAdmin, { name: 'Coming soon', content: 'Soon', organizationId });
    expect(await listedIds(orgMember)).not.toContain(draft.id);
    expectData(await orgAdmin.graphql(updateDocument, { input: { id: draft.id, published: true } }));
    expect(await listedIds(orgMember)).toContain(draft.id);
    expectData(await orgMember.graphql(oneDocument, { id: draft.id }));
    expectData(await orgAdmin.graphql(updateDocument, { input: { id: draft.id, published: false } }));
    expect(await listedIds(orgMember)).not.toContain(draft.id);
    expect(expectData(await orgAdmin.graphql(deleteDocument, { id: draft.id }))).toEqual({ deleteDocument: true });
    expect(await listedIds(orgAdmin)).not.toContain(draft.id);
  });

  it('searches the text a reader may see, in their language or in none, with an excerpt', async () => {
    const finnish = await create(site, {
      name: 'Kosteusmittaus',
      content: '## Ohje\n\nLaatan **kosteus** mitataan porareiästä, ks. [ohje](https://example.com/porareika).',
      language: 'fi',
      published: true,
    });
    const swedish = await create(site, {
      name: 'Fuktmätning',
      content: 'Plattans fukt mäts i ett borrhål.',
      language: 'sv',
      published: true,
    });
    const anyLanguage = await create(orgAdmin, {
      name: 'Porareiät / borrhål',
      content: 'Ring 040 123 (porareikä, borrhål).',
      organizationId,
      published: true,
    });
    const hidden = await create(orgAdmin, { name: 'Luonnos porareiästä', organizationId });

    const found = async (client: TestClient, text: string, language?: string) =>
      expectData(
        await client.graphql<{ searchDocuments: Array<{ excerpt: string; document: { id: number } }> }>(
          searchDocuments,
          { text, language },
        ),
      ).searchDocuments;
    const fi = await found(orgMember, 'PORAREI', 'fi');
    expect(fi.map((match) => match.document.id)).toEqual(expect.arrayContaining([finnish.id, anyLanguage.id]));
    expect(fi.map((match) => match.document.id)).not.toContain(hidden.id);
    expect(fi.find((match) => match.document.id === finnish.id)?.excerpt).toBe(
      'Ohje Laatan kosteus mitataan porareiästä, ks. ohje.',
    );
    // Every word must be there; the Swedish one is found in Swedish only.
    expect((await found(orgMember, 'laatan porareiästä', 'fi')).map((match) => match.document.id)).toEqual([
      finnish.id,
    ]);
    expect((await found(orgMember, 'borrhål', 'sv')).map((match) => match.document.id)).toEqual(
      expect.arrayContaining([swedish.id, anyLanguage.id]),
    );
    expect((await found(orgMember, 'borrhål', 'fi')).map((match) => match.document.id)).not.toContain(swedish.id);
    // Another tenant's text is not searched; wildcards are plain characters.
    expect((await found(stranger, 'borrhål')).map((match) => match.document.id)).not.toContain(anyLanguage.id);
    expect(await found(stranger, '%')).toEqual([]);
    expect(await found(stranger, '   ')).toEqual([]);
    const long = await stranger.graphql(searchDocuments, { text: 'x'.repeat(documentBounds.searchMax + 1) });
    expect(long.errors?.[0]?.extensions?.issues).toEqual([{ path: 'text', message: 'Too long' }]);
  });

  it('refuses over-long or malformed fields and a taken address, changing nothing', async () => {
    const kept = await create(orgAdmin, { name: 'Kept', path: 'kept-page', language: 'en', organizationId });
    const before = await documentCount();
    const refused = async (input: Record<string, unknown>) => {
      const response = await orgAdmin.graphql(createDocument, { input: { organizationId, ...input } });
      return response.errors?.[0]?.extensions?.issues;
    };
    expect(await refused({ name: 'Big', content: 'x'.repeat(documentBounds.contentMax + 1) })).toEqual([
      { path: 'content', message: 'Too long' },
    ]);
    expect(await refused({ name: 'x'.repeat(documentBounds.nameMax + 1) })).toEqual([
      { path: 'name', message: 'Too long' },
    ]);
    expect(await refused({ name: '' })).toEqual([{ path: 'name', message: 'Required' }]);
    for (const path of ['Ä-page', '12', 'two words', 'a--b', '-a', 'a'.repeat(documentBounds.pathMax + 1)]) {
      expect((await refused({ name: 'Bad', path }))?.[0]?.path).toBe('path');
    }
    expect(await refused({ name: 'Both', projectId })).toEqual([
      { path: 'projectId', message: documentErrors.oneOwner },
    ]);
    expect(await refused({ name: 'Twin', path: 'kept-page', language: 'en' })).toEqual([
      { path: 'path', message: documentErrors.pathTaken },
    ]);
    expect(await documentCount()).toBe(before);
    // The same address in another language or of another owner is another document's.
    const swedish = await create(orgAdmin, { name: 'Twin', path: 'KEPT-PAGE', language: 'sv', organizationId });
    expect(swedish.path).toBe('kept-page');
    const changed = await orgAdmin.graphql(updateDocument, { input: { id: swedish.id, language: 'en' } });
    expect(changed.errors?.[0]?.extensions?.issues).toEqual([{ path: 'path', message: documentErrors.pathTaken }]);
    const cleared = expectData(
      await orgAdmin.graphql<{ updateDocument: DocumentAnswer }>(updateDocument, {
        input: { id: swedish.id, path: null, language: null },
      }),
    ).updateDocument;
    expect(cleared).toMatchObject({ path: null, language: null });
    expect((await sql()`select name from documents where id = ${kept.id}`)[0]?.name).toBe('Kept');
  });

  it('writes the shipped help in fi, sv and en once: edits and deletions by site admins stay', async () => {
    const documents = olo.server.services.documents;
    const perLanguage = shippedHelp.en.length;
    const shippedKeys = new Set(shippedHelp.en.map((document) => document.key));
    expect(perLanguage).toBe(6);
    expect(await documents.writeShippedHelp()).toBe(perLanguage * 3);
    expect(await documents.writeShippedHelp()).toBe(0);

    const help = async (client: TestClient, language: string) =>
      expectData(await client.graphql<{ documents: DocumentAnswer[] }>(listDocuments, { language })).documents.filter(
        (document) => document.language === language && shippedKeys.has(document.path ?? ''),
      );
    const swedish = await help(stranger, 'sv');
    expect(swedish.map((document) => document.path)).toEqual(shippedHelp.sv.map((document) => document.key));
    expect(swedish[0]).toMatchObject({ name: 'Kom igång', published: true, canEdit: false });
    const finnish = await help(site, 'fi');
    expect(finnish.every((document) => document.canEdit)).toBe(true);

    const [first, second] = finnish;
    expectData(await site.graphql(updateDocument, { input: { id: first?.id, name: 'Näin pääset alkuun' } }));
    expectData(await site.graphql(deleteDocument, { id: second?.id }));
    expect(await documents.writeShippedHelp()).toBe(0);
    const again = await help(site, 'fi');
    expect(again.map((document) => document.name)).toContain('Näin pääset alkuun');
    expect(again.map((document) => document.id)).not.toContain(second?.id);
    expect(again).toHaveLength(perLanguage - 1);
  });
});
