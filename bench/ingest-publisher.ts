/**
 * Publisher process of the ingest benchmark (bench/ingest.ts forks it): builds the simulated
 * fleet's uplinks beforehand, then publishes them over MQTT (QoS 1) from several clients, either
 * at full speed (a window of unacknowledged messages per client) or at a fixed rate. It runs in
 * its own process so that neither building nor sending messages shares the server's event loop.
 *
 * IPC: receives `prepare`, then `run` commands; answers `ready` and one `done` per run. `stop`
 * ends a full-speed run early (no new uplinks; it answers once those under way are acknowledged).
 */
import { performance } from 'node:perf_hooks';
import mqtt, { type MqttClient } from 'mqtt';
import { type BuiltUplink, buildUplink, simulatedMeters } from '../apps/server/src/simulator/uplinks.ts';
import { layOutPhases } from './uplink-layout.ts';

export interface PrepareCommand {
  type: 'prepare';
  url: string;
  username: string;
  password: string;
  clients: number;
  meters: number;
  seed: string;
  intervalMs: number;
  /** Uplinks per phase, in order; each phase continues every meter's slots. */
  phases: Record<string, number>;
  /** The clock the slots are laid out from (epoch ms; default now), so that another process can compute the same readings. */
  now?: number;
}

export interface RunCommand {
  type: 'run';
  phase: string;
  /** Uplinks per second; 0: as fast as the broker acknowledges, with `window` unacknowledged per client. */
  rate: number;
  window: number;
}

export interface RunResult {
  type: 'done';
  phase: string;
  /** Wall-clock ms (performance.timeOrigin + now) of the first publish and the last acknowledgement. */
  firstSentAt: number;
  lastAckAt: number;
  acked: number;
  failed: number;
  /** Per uplink: DevEUI, its time (ms), when it was sent and acknowledged (wall-clock ms). */
  uplinks?: Array<[serial: string, timeMs: number, sentAt: number, ackAt: number]>;
}

const wallClock = () => performance.timeOrigin + performance.now();

let clients: MqttClient[] = [];
/** Set by `stop`: the full-speed run under way takes no more uplinks. */
let stopping = false;
const phases = new Map<string, Array<Pick<BuiltUplink, 'topic' | 'payload' | 'timeMs'> & { serial: string }>>();

async function prepare(command: PrepareCommand) {
  const meters = simulatedMeters({ count: command.meters, seed: command.seed });
  const laidOut = layOutPhases(meters, command.phases, command.intervalMs, command.now ?? Date.now());
  for (const [phase, list] of laidOut) {
    phases.set(
      phase,
      list.map(({ meter, slot }) => {
        const uplink = buildUplink(meter, command.intervalMs, slot);
        return { topic: uplink.topic, payload: uplink.payload, timeMs: uplink.timeMs, serial: meter.serial };
      }),
    );
  }
  clients = await Promise.all(
    Array.from({ length: command.clients }, (_, index) =>
      mqtt.connectAsync(command.url, {
        username: command.username,
        password: command.password,
        clientId: `olo-bench-${process.pid}-${index}`,
        reconnectPeriod: 0,
      }),
    ),
  );
}

function publish(client: MqttClient, topic: string, payload: string): Promise<void> {
  return new Promise((resolve, reject) =>
    client.publish(topic, payload, { qos: 1 }, (error) => (error ? reject(error) : resolve())),
  );
}

async function run(command: RunCommand): Promise<RunResult> {
  const uplinks = phases.get(command.phase) ?? [];
  stopping = false;
  const sentAt = new Float64Array(uplinks.length);
  const ackAt = new Float64Array(uplinks.length);
  let failed = 0;
  let acked = 0;
  const send = async (index: number, client: MqttClient) => {
    const uplink = uplinks[index] as (typeof uplinks)[number];
    sentAt[index] = wallClock();
    try {
      await publish(client, uplink.topic, uplink.payload);
      ackAt[index] = wallClock();
      acked++;
    } catch {
      failed++;
    }
  };

  if (command.rate <= 0) {
    // Full speed: each client keeps `window` messages unacknowledged, taking the next index as one returns.
    let next = 0;
    await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: command.window }, async () => {
          while (next < uplinks.length && !stopping) await send(next++, client);
        }),
      ),
    );
  } else {
    // Fixed rate: every 5 ms, send what the rate allows by now, round-robin over the clients.
    const started = wallClock();
    const pending: Promise<void>[] = [];
    let next = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.min(uplinks.length, Math.floor(((wallClock() - started) / 1000) * command.rate) + 1);
        for (; next < due; next++) pending.push(send(next, clients[next % clients.length] as MqttClient));
        if (next >= uplinks.length) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    await Promise.all(pending);
  }
  let firstSentAt = Number.POSITIVE_INFINITY;
  let lastAckAt = 0;
  for (let index = 0; index < uplinks.length; index++) {
    if (sentAt[index] && (sentAt[index] as number) < firstSentAt) firstSentAt = sentAt[index] as number;
    if ((ackAt[index] as number) > lastAckAt) lastAckAt = ackAt[index] as number;
  }
  return {
    type: 'done',
    phase: command.phase,
    firstSentAt,
    lastAckAt,
    acked,
    failed,
    uplinks:
      command.rate > 0
        ? uplinks.map((uplink, index) => [uplink.serial, uplink.timeMs, sentAt[index] ?? 0, ackAt[index] ?? 0])
        : undefined,
  };
}

process.on('message', (message: PrepareCommand | RunCommand | { type: 'stop' } | { type: 'exit' }) => {
  const reply = (value: object) => process.send?.(value);
  if (message.type === 'prepare') {
    prepare(message).then(
      () =>
        reply({ type: 'ready', uplinks: Object.fromEntries([...phases].map(([name, list]) => [name, list.length])) }),
      (error: Error) => reply({ type: 'error', message: error.message }),
    );
  } else if (message.type === 'run') {
    run(message).then(reply, (error: Error) => reply({ type: 'error', message: error.message }));
  } else if (message.type === 'stop') {
    stopping = true;
  } else {
    void Promise.all(clients.map((client) => client.endAsync())).finally(() => process.exit(0));
  }
});
