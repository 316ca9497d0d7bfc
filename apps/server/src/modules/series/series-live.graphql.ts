import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { type LatestValue, type PublicLatestValue, PublicSeriesLatestRef, SeriesLatestRef } from './series.graphql.ts';

// The live values of series, pushed over subscriptions to members and to public links.

builder.subscriptionFields((t) => ({
  seriesLatestUpdated: t.field({
    type: [SeriesLatestRef],
    description: "The project's series values that just moved.",
    args: { projectId: t.arg.int({ required: true }) },
    subscribe: async (_root, args, context) => {
      await context.access.assert('project.view', args.projectId);
      return latestUpdates(context, args.projectId);
    },
    resolve: (values) => values,
  }),
}));

builder.subscriptionFields((t) => ({
  publicSeriesLatestUpdated: t.field({
    type: [PublicSeriesLatestRef],
    description:
      'Values that just moved of the series a public link shows live; each push is checked against the link as it is then.',
    args: { publicId: t.arg.string({ required: true }) },
    subscribe: async (_root, args, context) => {
      const project = await context.services.projects.byPublicId(context.access, args.publicId);
      return publicLatestUpdates(context, project.id, args.publicId);
    },
    resolve: (values) => values,
  }),
}));

/**
 * What a public link shows live as one event arrives: the ids of its series, or null once the link is closed. The public
 * view is the same for every viewer, and the bus hands every subscriber of an instance the same event object, so one
 * look-up per event and link serves all of that link's subscribers.
 */
const publicShownByEvent = new WeakMap<object, Map<string, Promise<Set<number> | null>>>();
function publicShownFor(context: GraphQLContext, event: object, publicId: string): Promise<Set<number> | null> {
  let byLink = publicShownByEvent.get(event);
  if (!byLink) {
    byLink = new Map();
    publicShownByEvent.set(event, byLink);
  }
  let shown = byLink.get(publicId);
  if (!shown) {
    shown = (async () => {
      const project = await context.services.projects.findPublic(context.access, publicId);
      return project ? context.services.publicSeries.publicLiveSeriesIds(context.access, project) : null;
    })();
    byLink.set(publicId, shown);
  }
  return shown;
}

/**
 * The moved values of the project's publicly shown series. Every event asks again what the link shows (a space hidden
 * or live values turned off since leave their series out); a link turned off ends the subscription.
 */
async function* publicLatestUpdates(
  context: GraphQLContext,
  projectId: number,
  publicId: string,
): AsyncGenerator<PublicLatestValue[]> {
  const stop = new AbortController();
  try {
    for await (const event of context.events.subscribe('series.latest', stop.signal)) {
      if (event.projectId !== projectId) continue;
      const shown = await publicShownFor(context, event, publicId);
      if (!shown) return;
      const values = event.values.filter((value) => shown.has(value.seriesId));
      if (values.length === 0) continue;
      yield values.map((value) => ({ seriesId: value.seriesId, time: new Date(value.time), value: value.value }));
    }
  } finally {
    stop.abort();
  }
}

async function* latestUpdates(context: GraphQLContext, projectId: number): AsyncGenerator<LatestValue[]> {
  const stop = new AbortController();
  try {
    for await (const event of context.events.subscribe('series.latest', stop.signal)) {
      if (event.projectId !== projectId) continue;
      let active: Promise<Set<number>> | undefined;
      // One query for the whole event, and none when the subscriber does not ask for `active`.
      const activeOf = () => {
        active ??= context.services.series.activeSeriesIds(event.values.map((value) => value.seriesId));
        return active;
      };
      yield event.values.map((value) => ({
        seriesId: value.seriesId,
        time: new Date(value.time),
        value: value.value,
        computerId: event.computerId ?? null,
        activeOf,
      }));
    }
  } finally {
    stop.abort();
  }
}
