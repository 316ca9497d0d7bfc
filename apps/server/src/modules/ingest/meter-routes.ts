import type { MeterRow } from '../meters/meters.repository.ts';
import type { Provider, Uplink } from './uplink-formats.ts';

/*
 * A meter's downlink route as its uplinks teach it (`meters.provider_info`), and the network
 * server's application that route's topic names (decisions 0052, 0145).
 */

/**
 * The meter's downlink route after this uplink: the uplink's, keeping a Things Stack tenant learnt
 * earlier (from an MQTT topic) when this uplink does not tell one (a webhook) and the application is
 * the same.
 */
export function routeAfter(meter: MeterRow, uplink: Uplink): Record<string, string> {
  const previous = meter.provider === uplink.provider ? (meter.providerInfo as Record<string, string>) : {};
  const known = previous.topicApplication;
  const sameApplication = known !== undefined && known.split('@')[0] === uplink.route.applicationId;
  return {
    ...uplink.route,
    ...(uplink.route.topicApplication === undefined && sameApplication ? { topicApplication: known } : {}),
  };
}

/**
 * The application a meter of an organization would newly be routed to by this uplink; undefined
 * for a free meter or an unchanged application, which need no look-up on the ingest's hot path.
 */
export function newRouteApplication(meter: MeterRow, uplink: Uplink): string | undefined {
  if (!meter.organizationId) return undefined;
  const after = routeApplication(uplink.provider, routeAfter(meter, uplink));
  const before =
    meter.provider === uplink.provider
      ? routeApplication(uplink.provider, meter.providerInfo as Record<string, string>)
      : undefined;
  return after !== undefined && after !== before ? after : undefined;
}

/** The application this uplink would route the meter to, as its downlink topic would name it. */
export function uplinkApplication(meter: MeterRow, uplink: Uplink): string | undefined {
  return routeApplication(uplink.provider, routeAfter(meter, uplink));
}

/** The application that a route's downlink topic names (as downlinkMessage builds it). */
export function routeApplication(provider: Provider, route: Record<string, string>): string | undefined {
  return provider === 'tts' ? (route.topicApplication ?? route.applicationId) : route.applicationId;
}

/** Whether two routes name the same keys with the same values. */
export function sameRoute(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}
