import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'expected true or false' })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const urlWithProtocol = (protocols: string[]) =>
  z
    .url({ message: `expected a URL (${protocols.join(', ')})` })
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol.replace(/:$/, '')), {
      message: `expected a URL with protocol ${protocols.join(' or ')}`,
    });

/**
 * TRUST_PROXY (decision 0142): whose X-Forwarded-For Olo believes. A client's address is the first
 * one, from the right, that is not a trusted proxy.
 */
export type TrustedProxies =
  | { kind: 'none' }
  /** Addresses, CIDR ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`. */
  | { kind: 'addresses'; addresses: string[] }
  /** This many proxies in front of Olo, whatever their addresses (Olo reachable only through them). */
  | { kind: 'hops'; hops: number };

/** More proxies than any real chain has: a larger count is a typo. */
export const maxTrustedProxyHops = 10;

const trustProxyHint =
  'give the addresses of your reverse proxies (TRUST_PROXY=10.0.0.5,10.0.0.6, a range such as 10.0.0.0/24, or loopback for a proxy on this machine) or the number of proxies in front of Olo (TRUST_PROXY=1)';

const namedProxyRanges = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or CIDR range (not one covering every address) that proxy-addr also reads. */
function isProxyAddressOrRange(entry: string): boolean {
  if (namedProxyRanges.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix !== undefined) {
    if (!/^\d{1,3}$/.test(prefix)) return false;
    const bits = Number(prefix);
    if (bits < 1 || bits > (family === 4 ? 32 : 128)) return false;
  }
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}

const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustedProxies => {
    const word = value.toLowerCase();
    if (['false', 'no', 'off', '0'].includes(word)) return { kind: 'none' };
    if (['true', 'yes', 'on'].includes(word)) {
      context.addIssue({
        code: 'custom',
        message: `${value} would believe any X-Forwarded-For a client writes; ${trustProxyHint}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > maxTrustedProxyHops) {
        context.addIssue({
          code: 'custom',
          message: `expected at most ${maxTrustedProxyHops} proxies; ${trustProxyHint}`,
        });
        return z.NEVER;
      }
      return { kind: 'hops', hops };
    }
    const addresses = value.split(',').map((entry) => entry.trim());
    const wrong = addresses.filter((entry) => !isProxyAddressOrRange(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not an address or range: ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}; ${trustProxyHint}`,
      });
      return z.NEVER;
    }
    return { kind: 'addresses', addresses };
  });

const port = z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535);

/** Every environment variable Olo reads; `.env.example` and the README list the same set. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: urlWithProtocol(['postgres', 'postgresql']).optional(),
    MQTT_PORT: port.default(1883),
    MQTT_URL: urlWithProtocol(['mqtt', 'mqtts', 'tcp', 'ws', 'wss']).optional(),
    MQTT_CLIENT_ID: z.string().min(1).max(128).optional(),
    /** A site-wide integration: MQTT user `olo` with this password, and this bearer token on /api/ingest. */
    INGEST_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).max(256).optional(),
    SMTP_URL: urlWithProtocol(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().min(3).default('Olo <no-reply@localhost>'),
    REDIS_URL: urlWithProtocol(['redis', 'rediss']).optional(),
    /** The SMS gateway: alarm SMS are POSTed to it as JSON {"to", "text"}; unset = logged, not sent. */
    SMS_URL: urlWithProtocol(['http', 'https']).optional(),
    /** Sent to the SMS gateway as `Authorization: Bearer <token>`. */
    SMS_TOKEN: z.string().min(1).max(1000).optional(),
    /** FMI's open data WFS endpoint: weather observations in Finland (no key). */
    FMI_URL: urlWithProtocol(['http', 'https']).default('https://opendata.fmi.fi/wfs'),
    /** Open-Meteo's forecast API (recent hours) and archive API (older days): weather elsewhere. */
    OPEN_METEO_URL: urlWithProtocol(['http', 'https']).default('https://api.open-meteo.com/v1/forecast'),
    OPEN_METEO_ARCHIVE_URL: urlWithProtocol(['http', 'https']).default('https://archive-api.open-meteo.com/v1/archive'),
    /** Alarm webhooks may reach loopback, private and link-local addresses (a closed network, tests). */
    WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
    /** This instance's name among those sharing the database (docs/decisions/0022-computers.md). */
    INSTANCE_NAME: z.string().trim().min(1).max(100, { message: 'must be at most 100 characters' }).optional(),
    SITE_NAME: z.string().min(1).max(100).default('Olo'),
    /** The header's logo: a PNG, JPEG, WebP or SVG file, relative to DATA_DIR or absolute (decision 0095). */
    SITE_LOGO: z.string().trim().min(1).max(1000).optional(),
    PUBLIC_URL: urlWithProtocol(['http', 'https']).optional(),
    OLO_ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).max(256).optional(),
    DEMO_DATA: booleanFlag.default(false),
    CONTACT_EMAIL: z.string().max(254).default('info@olo.fi'),
    CONTACT_PHONE: z.string().max(50).default('+358 40 000 0000'),
    /** Reverse proxies whose X-Forwarded-For is believed: addresses or ranges, or a hop count (decision 0142). */
    TRUST_PROXY: trustProxy.default({ kind: 'none' }),
    /** Bearer token that lets a scraper off this machine read /metrics; unset = loopback only. */
    METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).max(256).optional(),
    /** Multiplies every rate limit of `shared/rate-limits.ts` (README, Security); 0 turns them off. */
    RATE_LIMIT_FACTOR: z.coerce.number({ message: 'expected a number' }).min(0).max(1000).default(1),
    TIME_ZONE: z
      .string()
      .default('Europe/Helsinki')
      .refine(
        (zone) => {
          try {
            new Intl.DateTimeFormat('en', { timeZone: zone });
            return true;
          } catch {
            return false;
          }
        },
        { message: 'expected an IANA time zone such as Europe/Helsinki' },
      ),
    /** The earliest time a reading may have (ISO 8601); earlier uplinks are refused (decision 0053). */
    READING_TIME_MIN: z
      .string()
      .default('2000-01-01T00:00:00Z')
      .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
        message: 'expected an ISO 8601 date or time such as 2000-01-01',
      })
      .transform((value) => new Date(value))
      .refine((time) => time.getTime() >= 0, { message: 'must be 1970-01-01 or later' }),
    /** How far ahead of the server's clock a reading's time may be, in seconds (at most 31 days). */
    READING_MAX_AHEAD: z.coerce
      .number({ message: 'expected a number of seconds' })
      .int({ message: 'expected a whole number of seconds' })
      .min(0)
      .max(31 * 86_400, { message: 'must be at most 2678400 (31 days)' })
      .default(86_400),
    /** Values (slots × series) above which the summary's export runs in the background (decision 0100). */
    EXPORT_BACKGROUND_CELLS: z.coerce
      .number({ message: 'expected a number of values' })
      .int({ message: 'expected a whole number of values' })
      .min(0)
      .max(200_000, { message: 'must be at most 200000 (the largest export)' })
      .default(20_000),
    /** A scheduled report's PDF larger than this many bytes is not attached; the mail says where to get it (0197). */
    REPORT_ATTACH_MAX_BYTES: z.coerce
      .number({ message: 'expected a number of bytes' })
      .int({ message: 'expected a whole number of bytes' })
      .min(0)
      .max(25 * 1024 * 1024, { message: 'must be at most 26214400 (25 MB)' })
      .default(5 * 1024 * 1024),
    /** The Chromium that prints PDFs (Debian's `chromium`). */
    CHROMIUM_PATH: z.string().trim().min(1).default('/usr/bin/chromium'),
    /** Chromium pages printing PDFs at once (decision 0127). */
    PDF_PAGES: z.coerce.number({ message: 'expected a number of pages' }).int().min(1).max(16).default(2),
    /** PDFs that may wait for a page; more are refused as busy. */
    PDF_QUEUE_MAX: z.coerce.number({ message: 'expected a number of PDFs' }).int().min(0).max(1000).default(16),
    /** PDFs of one organization that may wait for a page; more of it are refused as busy (decision 0140). */
    PDF_TENANT_QUEUE_MAX: z.coerce.number({ message: 'expected a number of PDFs' }).int().min(0).max(1000).default(4),
    /** The longest a PDF may wait for a page, ms; then it is answered 503. */
    PDF_QUEUE_WAIT_MS: z.coerce
      .number({ message: 'expected a number of milliseconds' })
      .int()
      .min(1000)
      .max(600_000)
      .default(60_000),
    /** The longest one PDF may take to print, ms. */
    PDF_TIMEOUT_MS: z.coerce
      .number({ message: 'expected a number of milliseconds' })
      .int()
      .min(1000)
      .max(600_000)
      .default(30_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    mqttPort: env.MQTT_PORT,
    mqttUrl: env.MQTT_URL,
    // Stable for one installation (host, data folder, database), so a restart resumes the broker
    // session and receives what was queued meanwhile; distinct for two installations.
    mqttClientId:
      env.MQTT_CLIENT_ID ??
      `olo-${crypto
        .createHash('sha256')
        .update(`${os.hostname()}|${path.resolve(env.DATA_DIR)}|${env.DATABASE_URL ?? ''}`)
        .digest('hex')
        .slice(0, 16)}`,
    ingestToken: env.INGEST_TOKEN,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    smsUrl: env.SMS_URL,
    smsToken: env.SMS_TOKEN,
    weather: { fmiUrl: env.FMI_URL, openMeteoUrl: env.OPEN_METEO_URL, openMeteoArchiveUrl: env.OPEN_METEO_ARCHIVE_URL },
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    instanceName: env.INSTANCE_NAME ?? os.hostname(),
    siteName: env.SITE_NAME,
    siteLogoFile: env.SITE_LOGO ? path.resolve(env.DATA_DIR, env.SITE_LOGO) : undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    adminPassword: env.OLO_ADMIN_PASSWORD,
    demoData: env.DEMO_DATA,
    contactEmail: env.CONTACT_EMAIL,
    contactPhone: env.CONTACT_PHONE,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    timeZone: env.TIME_ZONE,
    readingTimeMin: env.READING_TIME_MIN,
    readingMaxAheadSeconds: env.READING_MAX_AHEAD,
    exportBackgroundCells: env.EXPORT_BACKGROUND_CELLS,
    reportAttachMaxBytes: env.REPORT_ATTACH_MAX_BYTES,
    chromiumPath: env.CHROMIUM_PATH,
    pdfPages: env.PDF_PAGES,
    pdfQueueMax: env.PDF_QUEUE_MAX,
    pdfTimeoutMs: env.PDF_TIMEOUT_MS,
    pdfTenantQueueMax: env.PDF_TENANT_QUEUE_MAX,
    pdfQueueWaitMs: env.PDF_QUEUE_WAIT_MS,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names its variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
