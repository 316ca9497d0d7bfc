import { translationBounds } from '@olo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { expectData, startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';

const setOverride = /* GraphQL */ `
  mutation Set($language: Language!, $key: String!, $text: String!) {
    setTranslationOverride(language: $language, key: $key, text: $text) { language key text updatedAt }
  }`;
const removeOverride = /* GraphQL */ `
  mutation Remove($language: Language!, $key: String!) { removeTranslationOverride(language: $language, key: $key) }`;
const listOverrides = /* GraphQL */ `query List { translationOverrides { language key text } }`;

/** Shipped keys (apps/web's en.json), one with a placeholder. */
const saveKey = 'Save';
const welcomeKey = 'Welcome, {{name}}!';

async function published(client: TestClient, language: string, etag?: string) {
  const response = await client.fetch(`/api/translations/${language}`, {
    headers: etag ? { 'if-none-match': etag } : {},
  });
  const body = response.status === 200 ? ((await response.json()) as { overrides: Record<string, string> }) : null;
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    body,
    cache: response.headers.get('cache-control'),
  };
}

describe.each(testDatabases)('translation overrides on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let user: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    olo = await startTestServer(kind);
    const site = await signedInClient(olo.url);
    admin = site.client;
    await olo.server.database.sql`update users set is_admin = true where username = ${site.account.username}`;
    ({ client: user } = await signedInClient(olo.url));
    visitor = new TestClient(olo.url);
  });
  afterAll(async () => {
    await olo?.close();
  });

  it('a site admin overrides a text in one language; every visitor gets it, revalidated by its ETag', async () => {
    const before = await published(visitor, 'fi');
    expect(before).toMatchObject({ status: 200, body: { overrides: {} }, cache: 'no-cache' });

    const set = expectData(await admin.graphql(setOverride, { language: 'fi', key: saveKey, text: '  Tallenna nyt ' }));
    expect(set.setTranslationOverride).toMatchObject({ language: 'fi', key: saveKey, text: 'Tallenna nyt' });

    const after = await published(visitor, 'fi', before.etag ?? undefined);
    expect(after.status).toBe(200);
    expect(after.body?.overrides).toEqual({ [saveKey]: 'Tallenna nyt' });
    expect(after.etag).not.toBe(before.etag);
    expect((await published(visitor, 'fi', after.etag ?? undefined)).status).toBe(304);
    // Other languages keep their shipped text.
    expect((await published(visitor, 'sv')).body?.overrides).toEqual({});

    const changed = await admin.graphql(setOverride, { language: 'fi', key: saveKey, text: 'Tallenna muutokset' });
    expectData(changed);
    expect((await published(user, 'fi')).body?.overrides).toEqual({ [saveKey]: 'Tallenna muutokset' });
    expect(expectData(await admin.graphql(listOverrides)).translationOverrides).toEqual([
      { language: 'fi', key: saveKey, text: 'Tallenna muutokset' },
    ]);
  });

  it('removing the override restores the shipped text; removing again reports there was none', async () => {
    expectData(await admin.graphql(setOverride, { language: 'sv', key: saveKey, text: 'Spara nu' }));
    const removed = expectData(await admin.graphql(removeOverride, { language: 'sv', key: saveKey }));
    expect(removed.removeTranslationOverride).toBe(true);
    expect((await published(visitor, 'sv')).body?.overrides).toEqual({});
    const again = expectData(await admin.graphql(removeOverride, { language: 'sv', key: saveKey }));
    expect(again.removeTranslationOverride).toBe(false);
  });

  it('keeps a placeholder of the key and refuses one the key does not have', async () => {
    const kept = await admin.graphql(setOverride, { language: 'en', key: welcomeKey, text: 'Hello {{name}}' });
    expect(expectData(kept).setTranslationOverride).toMatchObject({ text: 'Hello {{name}}' });
    const unknown = await admin.graphql(setOverride, { language: 'en', key: welcomeKey, text: 'Hi {{user}}' });
    expect(unknown.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'text', message: 'Uses a placeholder the text does not have' },
    ]);
    expect((await published(visitor, 'en')).body?.overrides).toEqual({ [welcomeKey]: 'Hello {{name}}' });
    expectData(await admin.graphql(removeOverride, { language: 'en', key: welcomeKey }));
  });

  it('refuses keys the app does not ship, empty and overlong texts, with a field error and nothing stored', async () => {
    const cases = [
      {
        input: { key: 'No such sentence in Olo', text: 'x' },
        issue: { path: 'key', message: 'Not a text of the app' },
      },
      { input: { key: saveKey, text: '   ' }, issue: { path: 'text', message: 'Required' } },
      {
        input: { key: saveKey, text: 'x'.repeat(translationBounds.textMax + 1) },
        issue: { path: 'text', message: 'Too long' },
      },
      {
        input: { key: 'k'.repeat(translationBounds.keyMax + 1), text: 'x' },
        issue: { path: 'key', message: 'Too long' },
      },
    ];
    for (const { input, issue } of cases) {
      const answer = await admin.graphql(setOverride, { language: 'sv', ...input });
      expect(answer.errors?.[0]?.extensions?.issues, JSON.stringify(issue)).toEqual([issue]);
    }
    const badLanguage = await admin.graphql(setOverride, { language: 'de', key: saveKey, text: 'Speichern' });
    expect(badLanguage.errors?.length).toBeGreaterThan(0);
    expect((await published(visitor, 'sv')).body?.overrides).toEqual({});
    expect((await visitor.fetch('/api/translations/de')).status).toBe(400);
  });

  it('only site admins list, set and remove overrides', async () => {
    expectData(await admin.graphql(setOverride, { language: 'fi', key: 'Cancel', text: 'Peru' }));
    for (const [client, message] of [
      [user, 'Permission denied'],
      [visitor, 'Not signed in'],
    ] as const) {
      expect((await client.graphql(listOverrides)).errors?.[0]?.message).toBe(message);
      const set = await client.graphql(setOverride, { language: 'fi', key: 'Cancel', text: 'Hylkää' });
      expect(set.errors?.[0]?.message).toBe(message);
      const remove = await client.graphql(removeOverride, { language: 'fi', key: 'Cancel' });
      expect(remove.errors?.[0]?.message).toBe(message);
    }
    expect((await published(visitor, 'fi')).body?.overrides.Cancel).toBe('Peru');
  });
});
