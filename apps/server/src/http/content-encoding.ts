import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** The encodings Olo sends, best first: scripts/build.mjs writes a `.br` and a `.gz` beside each built file. */
export const contentEncodings = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof contentEncodings)[number];

/**
 * The best of `contentEncodings` that an Accept-Encoding header allows (RFC 9110 12.5.3: `q=0` refuses, `*` stands
 * for any encoding not named), or undefined for the identity.
 */
export function chooseContentEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  let best: ContentEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of contentEncodings) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

export interface EncodedBody {
  body: Buffer;
  etag: string;
}

/** A small document made once in every encoding, each with its own strong ETag (the bytes differ). */
export function encodeEachWay(text: string): Record<ContentEncoding | 'identity', EncodedBody> {
  const identity = Buffer.from(text, 'utf8');
  const tagged = (body: Buffer, suffix: string): EncodedBody => ({
    body,
    etag: `"${crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 22)}${suffix}"`,
  });
  return {
    identity: tagged(identity, ''),
    br: tagged(
      zlib.brotliCompressSync(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      '-br',
    ),
    gzip: tagged(zlib.gzipSync(identity, { level: 9 }), '-gz'),
  };
}
