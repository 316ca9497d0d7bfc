import type { ApolloCache } from '@apollo/client';

const organizationRef = (cache: ApolloCache, id: string) => cache.identify({ __typename: 'Organization', id });

/**
 * Forgets the cached lists that a new or deleted organization changes; screens showing them fetch them again, and
 * the others when they are next opened.
 */
export function forgetOrganizationLists(cache: ApolloCache, parentId: string | null | undefined): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'organizations' });
  if (parentId) cache.evict({ id: organizationRef(cache, parentId), fieldName: 'organizations' });
  cache.gc();
}

/** Forgets the project lists that a new project of the organization changes. */
export function forgetProjectLists(cache: ApolloCache, organizationId: string): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'projects' });
  cache.evict({ id: organizationRef(cache, organizationId), fieldName: 'projects' });
  cache.gc();
}

/** Drops one object (a membership, an invitation, an organization) from every cached list that holds it. */
export function forgetObject(cache: ApolloCache, __typename: string, id: string): void {
  cache.evict({ id: cache.identify({ __typename, id }) });
  cache.gc();
}
