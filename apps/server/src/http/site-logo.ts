import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../config.ts';

/** A logo is drawn at most 40 px high in the header; 256 KiB is plenty for that and keeps a mistake small. */
export const siteLogoMaxBytes = 256 * 1024;

export interface SiteLogo {
  contentType: string;
  body: Buffer;
  /** Address the web app shows: versioned by content, so browsers may keep it for a year. */
  url: string;
}

/** The image type from the file's first bytes; the name's extension is not trusted. SVG is text. */
function imageType(body: Buffer): string | null {
  if (body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff) return 'image/jpeg';
  if (body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  const head = body
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return 'image/svg+xml';
  return null;
}

/** Reads and checks SITE_LOGO at start-up, so a wrong file stops Olo with a message instead of a broken header. */
export function loadSiteLogo(file: string | undefined): SiteLogo | undefined {
  if (!file) return undefined;
  let body: Buffer;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    if (stat.size > siteLogoMaxBytes)
      throw new ConfigError(`Invalid configuration:\n  SITE_LOGO: must be at most ${siteLogoMaxBytes / 1024} KiB`);
    body = fs.readFileSync(file);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`Invalid configuration:\n  SITE_LOGO: cannot read ${file}`);
  }
  const contentType = imageType(body);
  if (!contentType)
    throw new ConfigError('Invalid configuration:\n  SITE_LOGO: expected a PNG, JPEG, WebP or SVG image');
  const version = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { contentType, body, url: `/site-logo?v=${version}` };
}

/** GET /site-logo: the configured logo. An SVG gets a policy of its own that runs nothing, opened directly too. */
export function registerSiteLogo(app: FastifyInstance, logo: SiteLogo | undefined): void {
  if (!logo) return;
  app.get('/site-logo', (_request, reply) => {
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .type(logo.contentType)
      .send(logo.body);
  });
}
