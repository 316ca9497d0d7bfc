import type { ApolloCache, Reference } from '@apollo/client';

/** Lists of a project that the edit screens add to and remove from; each is cached on the Project. */
type ProjectList = 'spaces' | 'pages' | 'members' | 'invitations';

/**
 * Adds a created item to its project's cached list, so that the screen shows it without asking the server again.
 * The item has already been written to the cache by its mutation.
 */
export function addToProjectList(
  cache: ApolloCache,
  projectId: number,
  list: ProjectList,
  item: { __typename?: string; id: string | number } | undefined,
): void {
  if (!item) return;
  cache.modify({
    id: cache.identify({ __typename: 'Project', id: projectId }),
    fields: {
      [list]: (existing: readonly Reference[] = [], { toReference, readField }) => {
        const reference = toReference(item as { __typename: string; id: string | number });
        if (!reference || existing.some((entry) => readField('id', entry) === item.id)) return existing;
        return [...existing, reference];
      },
    },
  });
}

/** Removes a deleted item from its project's cached list and drops it from the cache. */
export function removeFromProjectList(
  cache: ApolloCache,
  projectId: number,
  list: ProjectList,
  item: { __typename: string; id: string | number },
): void {
  cache.modify({
    id: cache.identify({ __typename: 'Project', id: projectId }),
    fields: {
      [list]: (existing: readonly Reference[] = [], { readField }) =>
        existing.filter((entry) => readField('id', entry) !== item.id),
    },
  });
  cache.evict({ id: cache.identify(item) });
  cache.gc();
}
