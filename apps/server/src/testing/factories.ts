import crypto from 'node:crypto';
import type { TestClient } from './test-server.ts';
import { expectData } from './test-server.ts';

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
