import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { loadSiteLogo, registerSiteLogo, siteLogoMaxBytes } from './site-logo.ts';
import { registerWebApp } from './web-app.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'olo-logo-'));
const file = (name: string, content: string | Buffer) => {
  const full = path.join(folder, name);
  fs.writeFileSync(full, content);
  return full;
};
const svg =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('SITE_LOGO', () => {
  it('is none when unset, so the header shows the Olo mark', () => {
    expect(loadSiteLogo(undefined)).toBeUndefined();
  });

  it('takes SVG and PNG by their content and versions the address by it', () => {
    const logo = loadSiteLogo(file('logo.svg', svg));
    expect(logo?.contentType).toBe('image/svg+xml');
    expect(logo?.url).toMatch(/^\/site-logo\?v=[0-9a-f]{12}$/);
    // The name does not decide the type: a PNG called .svg is a PNG.
    expect(loadSiteLogo(file('really-png.svg', png))?.contentType).toBe('image/png');
  });

  it.each([
    ['a missing file', () => path.join(folder, 'missing.png'), /cannot read/],
    ['a folder', () => folder, /cannot read/],
    ['a file that is not an image', () => file('notes.png', 'hello'), /PNG, JPEG, WebP or SVG/],
    ['an HTML page', () => file('page.svg', '<html><script>alert(1)</script></html>'), /PNG, JPEG, WebP or SVG/],
    [
      'a file over the size bound',
      () => file('big.png', Buffer.concat([png, Buffer.alloc(siteLogoMaxBytes)])),
      /256 KiB/,
    ],
  ])('stops start-up naming SITE_LOGO for %s', (_name, make, message) => {
    const target = make();
    expect(() => loadSiteLogo(target)).toThrow(ConfigError);
    expect(() => loadSiteLogo(target)).toThrow(message);
    expect(() => loadSiteLogo(target)).toThrow(/SITE_LOGO: /);
  });

  it('is served with its type, kept by browsers, and runs no script when opened directly', async () => {
    const app = Fastify();
    const logo = loadSiteLogo(file('served.svg', svg));
    registerSiteLogo(app, logo);
    const answer = await app.inject({ method: 'GET', url: logo?.url ?? '' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.body).toBe(svg);
    await app.close();
  });

  it('reaches the web app in the configuration written into index.html', async () => {
    const dist = fs.mkdtempSync(path.join(folder, 'dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>x</title></head><body></body></html>');
    const logo = loadSiteLogo(file('header.svg', svg));
    const app = Fastify();
    await registerWebApp(app, {
      distDir: dist,
      siteName: 'Kosteusvahti',
      siteLogoUrl: logo?.url,
      contactEmail: 'info@example.com',
      contactPhone: '+358 40 000 0000',
    });
    const page = await app.inject({ method: 'GET', url: '/home' });
    const config = JSON.parse(
      page.body.match(/<script id="olo-config" type="application\/json">(.*?)<\/script>/)?.[1] ?? '{}',
    );
    expect(config).toMatchObject({ siteName: 'Kosteusvahti', siteLogoUrl: logo?.url });
    await app.close();
  });
});
