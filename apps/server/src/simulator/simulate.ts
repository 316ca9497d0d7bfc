/**
 * `npm run simulate -- --meters N --interval S [--url mqtt://127.0.0.1:1883] [--username olo
 * --password <INGEST_TOKEN>] [--format tts|chirpstack|both] [--models LIST|all] [--seed olo-sim]
 * [--history-hours H] [--list]`: publishes the uplinks of N simulated meters to an MQTT broker (Olo's embedded one by
 * default), as The Things Stack v3 and ChirpStack v4 would. Same seed, same meters: a restart
 * continues them. The password defaults to INGEST_TOKEN of the environment.
 */
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { startSimulation } from './simulation.ts';
import {
  allSimulatedModels,
  type FormatChoice,
  modelSpecs,
  type SimulatedModel,
  simulatedMeters,
  simulatedModels,
} from './uplinks.ts';

const usage = `Usage: npm run simulate -- --meters N --interval SECONDS [options]
  --meters N            simulated meters (default 10)
  --interval SECONDS    seconds between a meter's uplinks (default 60)
  --url URL             MQTT broker (default mqtt://127.0.0.1:1883, Olo's embedded broker)
  --username NAME       MQTT username (default olo when a password is given)
  --password SECRET     MQTT password (default: INGEST_TOKEN of the environment)
  --format FORMAT       tts, chirpstack or both (default both)
  --models LIST         comma-separated models, or all (default ${simulatedModels.join(',')});
                        all: ${allSimulatedModels.join(', ')}
  --seed TEXT           fleet seed: the same seed gives the same DevEUIs (default olo-sim)
  --history-hours H     first publish the past H hours of uplinks (default 0)
  --list                print the meters (serial, model, format, device id) and exit`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function positiveNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) fail(`--${name} must be a positive number, not ${text}`);
  return value;
}

const { values } = parseArgs({
  options: {
    meters: { type: 'string' },
    interval: { type: 'string' },
    url: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    format: { type: 'string' },
    models: { type: 'string' },
    seed: { type: 'string' },
    'history-hours': { type: 'string' },
    list: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const count = Math.round(positiveNumber('meters', values.meters, 10));
const intervalSeconds = positiveNumber('interval', values.interval, 60);
if (intervalSeconds < 0.1) fail('--interval must be at least 0.1 seconds');
const historyHours =
  values['history-hours'] === undefined ? 0 : positiveNumber('history-hours', values['history-hours'], 0);
const format = (values.format ?? 'both') as FormatChoice;
if (!['tts', 'chirpstack', 'both'].includes(format)) fail(`--format must be tts, chirpstack or both, not ${format}`);
const models =
  values.models === undefined
    ? simulatedModels
    : values.models === 'all'
      ? allSimulatedModels
      : values.models.split(',').map((name) => {
          const model = name.trim() as SimulatedModel;
          if (!allSimulatedModels.includes(model)) fail(`--models: no simulated model ${name.trim()}`);
          return model;
        });
const meters = simulatedMeters({ count, seed: values.seed ?? 'olo-sim', format, models });

if (values.list) {
  console.log('serial\tmodel\tformat\tdevice id\tdriver');
  for (const meter of meters) {
    console.log(
      `${meter.serial}\t${meter.model}\t${meter.format}\t${meter.deviceId}\t${modelSpecs[meter.model].driverId}`,
    );
  }
  process.exit(0);
}

const url = values.url ?? 'mqtt://127.0.0.1:1883';
const password = values.password ?? process.env.INGEST_TOKEN;
const username = values.username ?? (password ? 'olo' : undefined);
const client = mqtt.connect(url, {
  username,
  password,
  clientId: `olo-simulator-${process.pid}`,
  reconnectPeriod: 2000,
  connectTimeout: 10_000,
});
client.on('error', (error) => {
  // A refused login does not mend by retrying: say what to do instead of reconnecting forever.
  const code = (error as { code?: unknown }).code;
  if (code === 4 || code === 5) {
    console.error(
      `The broker at ${url} refused ${username ? `user ${username}` : 'a connection without credentials'}. ` +
        'Start Olo with INGEST_TOKEN and pass the same value (INGEST_TOKEN=… npm run simulate …, or --password), ' +
        "or use an organization's integration credentials (--username, --password).",
    );
    process.exit(1);
  }
  console.error(`MQTT: ${error.message}`);
});
client.on('reconnect', () => console.error(`Reconnecting to ${url}…`));
await new Promise<void>((resolve) => client.once('connect', () => resolve()));
console.log(
  `Connected to ${url}${username ? ` as ${username}` : ''}: ${count} meters, one uplink each every ${intervalSeconds} s ` +
    `(${(count / intervalSeconds).toFixed(1)} uplinks/s), format ${format}.`,
);

let failures = 0;
const simulation = startSimulation({
  meters,
  intervalSeconds,
  historyHours,
  // QoS 1: resolves on the broker's PUBACK, which Olo's embedded broker sends once the reading is stored.
  publish: (topic, payload) => client.publishAsync(topic, payload, { qos: 1 }).then(() => undefined),
  maxInFlight: 1000,
  onError: (error) => {
    if (failures++ < 5) console.error(`Publishing failed: ${(error as Error).message}`);
  },
});

let reported = 0;
const report = setInterval(() => {
  const { published, failed } = simulation.stats;
  if (published === reported && failed === 0) return;
  console.log(`${new Date().toISOString()}  ${published - reported} published (total ${published}, failed ${failed})`);
  reported = published;
}, 10_000);

void simulation.historySent.then(() => {
  if (historyHours > 0) console.log(`History of ${historyHours} h published (${simulation.stats.published} uplinks).`);
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(report);
  await simulation.stop();
  await client.endAsync();
  console.log(`Stopped after ${simulation.stats.published} uplinks (${simulation.stats.failed} failed).`);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
