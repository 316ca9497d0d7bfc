/** Test-only: reports as the server answers them, with the `__typename`s the cache needs. */
export function listReport(id: number, name: string, state: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: 'Report',
    id,
    projectId: 7,
    name,
    // 1–30 November 2026 in Helsinki: [from, to) between local midnights.
    from: '2026-10-31T22:00:00.000Z',
    to: '2026-11-30T22:00:00.000Z',
    published: false,
    publicId: null,
    template: false,
    summary: false,
    version: 3,
    updatedAt: '2026-12-01T08:15:00.000Z',
    ...state,
  };
}

export function unmappedItem(elementId: string, spaceName: string, dataType: string | null) {
  return { __typename: 'ReportUnmapped', elementId, spaceName, dataType };
}

export function attentionItem(kind: string, elementId: string | null, name: string | null) {
  return { __typename: 'ReportAttention', kind, elementId, name };
}
