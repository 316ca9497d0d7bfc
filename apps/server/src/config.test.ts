import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded set-up', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      mqttPort: 1883,
      mqttUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
      siteName: 'Olo',
      publicUrl: 'http://localhost:3000',
      demoData: false,
      trustProxy: { kind: 'none' },
      instanceName: os.hostname(),
      smsUrl: undefined,
      smsToken: undefined,
      webhookAllowPrivate: false,
      readingTimeMin: new Date('2000-01-01T00:00:00Z'),
      readingMaxAheadSeconds: 86_400,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/olo',
      DATABASE_URL: 'postgres://olo@db/olo',
      MQTT_PORT: '1884',
      MQTT_URL: 'mqtt://broker:1883',
      SMTP_URL: 'smtp://mail:25',
      REDIS_URL: 'redis://cache:6379',
      SITE_NAME: 'Kosteusvahti',
      PUBLIC_URL: 'https://olo.example.com/',
      OLO_ADMIN_PASSWORD: 'very-secret',
      DEMO_DATA: 'true',
      TRUST_PROXY: '10.0.0.5,10.0.0.6',
      INSTANCE_NAME: ' ingest-2 ',
      SMS_URL: 'https://sms.example.com/send',
      SMS_TOKEN: 'sms-secret',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      READING_TIME_MIN: '2010-06-01',
      READING_MAX_AHEAD: '3600',
      METRICS_TOKEN: 'metrics-scraper-secret',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/olo',
      databaseUrl: 'postgres://olo@db/olo',
      mqttPort: 1884,
      mqttUrl: 'mqtt://broker:1883',
      smtpUrl: 'smtp://mail:25',
      redisUrl: 'redis://cache:6379',
      siteName: 'Kosteusvahti',
      publicUrl: 'https://olo.example.com',
      adminPassword: 'very-secret',
      demoData: true,
      trustProxy: { kind: 'addresses', addresses: ['10.0.0.5', '10.0.0.6'] },
      instanceName: 'ingest-2',
      smsUrl: 'https://sms.example.com/send',
      smsToken: 'sms-secret',
      webhookAllowPrivate: true,
      readingTimeMin: new Date('2010-06-01T00:00:00Z'),
      readingMaxAheadSeconds: 3600,
      metricsToken: 'metrics-scraper-secret',
    });
  });

  it('finds SITE_LOGO under DATA_DIR unless the path is absolute', () => {
    expect(loadConfig({}).siteLogoFile).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/var/lib/olo', SITE_LOGO: 'logo.svg' }).siteLogoFile).toBe('/var/lib/olo/logo.svg');
    expect(loadConfig({ DATA_DIR: '/var/lib/olo', SITE_LOGO: '/etc/olo/logo.png' }).siteLogoFile).toBe(
      '/etc/olo/logo.png',
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/olo'],
    ['MQTT_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['DEMO_DATA', 'maybe'],
    ['OLO_ADMIN_PASSWORD', 'short'],
    ['PUBLIC_URL', 'ftp://olo'],
    ['INSTANCE_NAME', 'x'.repeat(101)],
    ['INSTANCE_NAME', '   '],
    ['SMS_URL', 'smtp://sms'],
    ['WEBHOOK_ALLOW_PRIVATE', 'sometimes'],
    ['READING_TIME_MIN', 'yesterday'],
    ['READING_TIME_MIN', '1900-01-01'],
    ['READING_MAX_AHEAD', '1d'],
    ['READING_MAX_AHEAD', '99999999'],
    ['METRICS_TOKEN', 'too-short'],
    ['TRUST_PROXY', '10.0.0.300'],
    ['TRUST_PROXY', 'proxy.example.com'],
    ['TRUST_PROXY', '10.0.0.5,'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '0.0.0.0/0'],
    ['TRUST_PROXY', '::/0'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '-1'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  describe('TRUST_PROXY', () => {
    it.each([
      ['false', { kind: 'none' }],
      ['0', { kind: 'none' }],
      ['1', { kind: 'hops', hops: 1 }],
      ['2', { kind: 'hops', hops: 2 }],
      ['10.0.0.5', { kind: 'addresses', addresses: ['10.0.0.5'] }],
      [
        ' 10.0.0.5 , 10.0.0.0/24,2001:db8::/64, ::1 ',
        { kind: 'addresses', addresses: ['10.0.0.5', '10.0.0.0/24', '2001:db8::/64', '::1'] },
      ],
      ['loopback', { kind: 'addresses', addresses: ['loopback'] }],
    ])('reads %j', (value, trustProxy) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
    });

    it.each(['true', 'yes', 'TRUE', 'on'])('refuses %j, saying what to give instead', (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        new RegExp(
          `^Invalid configuration:\\n  TRUST_PROXY: ${value} would believe any X-Forwarded-For a client writes; give the addresses of your reverse proxies \\(TRUST_PROXY=10\\.0\\.0\\.5,10\\.0\\.0\\.6.*or the number of proxies in front of Olo \\(TRUST_PROXY=1\\)$`,
        ),
      );
    });

    it('names each entry that is no address or range', () => {
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5,proxy.local,10.0.0.0/99' })).toThrow(
        'TRUST_PROXY: not an address or range: "proxy.local", "10.0.0.0/99"; give the addresses',
      );
    });
  });
});
