import crypto from 'node:crypto';
import { expectData, TestClient } from './test-server.ts';

let sequence = 0;

/** Unique, valid account fields; override any of them. */
export function buildAccount(overrides: Partial<{ username: string; password: string; email: string }> = {}) {
  sequence += 1;
  const suffix = `${sequence}${crypto.randomBytes(3).toString('hex')}`;
  return {
    username: `user${suffix}`,
    password: `pass-${suffix}-word`,
    email: `user${suffix}@example.com`,
    ...overrides,
  };
}

export const registerMutation = /* GraphQL */ `
  mutation Register($username: String!, $password: String!, $email: String!, $name: String, $company: String, $language: Language) {
    register(username: $username, password: $password, email: $email, name: $name, company: $company, language: $language) {
      id
      username
      isVerified
      language
    }
  }
`;

/** Registers through the API, which also signs `client` in. */
export async function registerAccount(
  client: TestClient,
  overrides: Partial<{ username: string; password: string; email: string; language: string }> = {},
) {
  const account = { ...buildAccount(overrides), ...(overrides.language ? { language: overrides.language } : {}) };
  const data = expectData(
    await client.graphql<{ register: { id: string; username: string; isVerified: boolean } }>(
      registerMutation,
      account,
    ),
  );
  return { ...account, id: data.register.id };
}

/** A signed-in client with a fresh account. */
export async function signedInClient(baseUrl: string, overrides: Parameters<typeof registerAccount>[1] = {}) {
  const client = new TestClient(baseUrl);
  const account = await registerAccount(client, overrides);
  return { client, account };
}

/** Creates an organization through the API as `client` (who becomes its admin). */
export async function createOrganization(
  client: TestClient,
  overrides: Partial<{ name: string; slug: string; parentId: string }> = {},
) {
  sequence += 1;
  const slug = overrides.slug ?? `org-${sequence}-${crypto.randomBytes(3).toString('hex')}`;
  const data = expectData(
    await client.graphql<{ createOrganization: { id: string; slug: string; name: string } }>(
      `mutation CreateOrganization($name: String!, $slug: String!, $parentId: ID) {
        createOrganization(name: $name, slug: $slug, parentId: $parentId) { id slug name }
      }`,
      { name: overrides.name ?? `Organization ${slug}`, slug, parentId: overrides.parentId ?? null },
    ),
  );
  return data.createOrganization;
}

/** Creates a project through the API as `client`, an admin of the organization. */
export async function createProject(
  client: TestClient,
  organizationId: string,
  overrides: Record<string, unknown> = {},
) {
  sequence += 1;
  const data = expectData(
    await client.graphql<{ createProject: { id: number; name: string; publicId: string | null } }>(
      `mutation CreateProject($input: CreateProjectInput!) { createProject(input: $input) { id name publicId } }`,
      { input: { organizationId, name: `Project ${sequence}`, ...overrides } },
    ),
  );
  return data.createProject;
}

/**
 * Subscribes as `client` over a real websocket and waits until the server has the subscription; `next` resolves with
 * the first value pushed after that. Close the socket with `close`.
 */
export async function subscribeOver(client: TestClient, query: string, variables: Record<string, unknown> = {}) {
  const socket = client.websocket();
  let stop = () => {};
  const next = new Promise<unknown>((resolve, reject) => {
    stop = socket.subscribe(
      { query, variables },
      {
        next: (value) => {
          stop();
          resolve(value);
        },
        error: reject,
        complete: () => {},
      },
    );
  });
  // The subscription is live once the server has read the subscribe message; nothing acknowledges it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { next, close: () => socket.dispose() };
}

/**
 * Uploads a file as the web app does (POST /api/attachments, multipart, CSRF header) as `client`;
 * the answer's status and JSON body.
 */
export async function uploadAttachment(
  client: TestClient,
  target: { projectId?: number; organizationId?: string },
  file: { name: string; type: string; bytes: Buffer | string },
) {
  if (!client.cookies.has('olo_csrf')) await client.fetch('/healthz');
  const form = new FormData();
  if (target.projectId !== undefined) form.set('projectId', String(target.projectId));
  if (target.organizationId !== undefined) form.set('organizationId', target.organizationId);
  const bytes = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
  form.set('file', new Blob([bytes], { type: file.type }), file.name);
  const response = await client.fetch('/api/attachments', {
    method: 'POST',
    headers: { 'x-csrf-token': client.cookies.get('olo_csrf') ?? '' },
    body: form,
  });
  const body = (await response.json()) as {
    id?: string;
    path?: string;
    errors?: Array<{
      message: string;
      extensions?: { code?: string; issues?: Array<{ path: string; message: string }> };
    }>;
  };
  return { status: response.status, body };
}

/** Report content of one image tour over `attachmentIds`, as a report stores it. */
export const imageTourContent = (...attachmentIds: string[]) => ({
  version: 1,
  elements: [
    {
      id: 'tour',
      kind: 'imageTour',
      images: attachmentIds.map((attachmentId) => ({ attachmentId, caption: 'Pohja', pins: [] })),
    },
  ],
});
