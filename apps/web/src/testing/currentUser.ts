import type { SessionUserFieldsFragment } from '../graphql/generated.ts';

type Overrides = Partial<Omit<SessionUserFieldsFragment, 'options'>> & {
  options?: Partial<SessionUserFieldsFragment['options']>;
};

/**
 * A signed-in user as the `CurrentUser` query answers it, with the `__typename`s the cache needs; give it to
 * renderApp as `graphql: { CurrentUser: () => ({ data: { currentUser: signedInUser() } }) }`.
 */
export function signedInUser(overrides: Overrides = {}) {
  const { options, ...fields } = overrides;
  return {
    __typename: 'User',
    id: '00000000-0000-4000-8000-000000000001',
    username: 'tester',
    name: 'Test User',
    company: null,
    avatarUrl: null,
    isAdmin: false,
    isVerified: true,
    hasPassword: true,
    language: 'fi',
    createdAt: '2026-01-01T00:00:00.000Z',
    notifyOnMeterError: false,
    emails: [],
    authentications: [],
    invitations: [],
    menuProjects: [],
    menuOrganizations: [],
    ...fields,
    options: {
      __typename: 'UserOptions',
      ui: {},
      dashboardProjects: [],
      dashboardSpacesOpen: [],
      dashboardSpacesHidden: [],
      dashboardMeters: [],
      menuProjects: [],
      menuOrganizations: [],
      ...options,
    },
  };
}
