/** Server answers for the organization screens' tests, with the `__typename`s the cache needs. */

export const organizationId = '10000000-0000-4000-8000-000000000001';

export function organizationSummary(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Organization',
    id: organizationId,
    name: 'Olo Demo',
    slug: 'olo-demo',
    path: 'olo-demo',
    parentId: null,
    description: null,
    currentUserIsAdmin: true,
    ...overrides,
  };
}

/** An ancestor as the page's breadcrumbs query it; `parent` null when there is none or the viewer does not see it. */
export function ancestor(id: string, name: string, slug: string, parent: Record<string, unknown> | null = null) {
  return { __typename: 'Organization', id, name, slug, parent };
}

export function memberOf(
  user: { id: string; username: string; name: string | null },
  flags: { isAdmin?: boolean; canViewAll?: boolean; canViewMeters?: boolean; notifyOnMeterError?: boolean },
  id: string,
) {
  return {
    __typename: 'OrganizationMembership',
    id,
    organizationId,
    isAdmin: false,
    canViewAll: false,
    canViewMeters: false,
    notifyOnMeterError: false,
    ...flags,
    user: { __typename: 'MemberUser', company: null, ...user },
  };
}

export const permissionDenied = () => ({
  data: null,
  errors: [{ message: 'Permission denied', extensions: { code: 'FORBIDDEN' } }],
});
