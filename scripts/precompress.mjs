/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each text file of the web build, which
 * the server sends to browsers that accept them (decision 0163). A copy that would not be smaller is not written,
 * so such a file always goes out as it is. Quality 11 takes seconds for the whole app, so copies are kept by content
 * hash in node_modules/.cache/olo-precompress and a rebuild compresses only the chunks that changed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // Vite's build manifest is read by the build itself and never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(file);
    } else if (compressible.test(entry.name)) yield file;
  }
}

async function compressedCopies(content, cacheDir) {
  const key = crypto.createHash('sha256').update(content).digest('hex');
  const cached = [path.join(cacheDir, `${key}.br`), path.join(cacheDir, `${key}.gz`)];
  if (cached.every((file) => fs.existsSync(file))) return cached.map((file) => fs.readFileSync(file));
  const copies = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: 9 }),
  ]);
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const [index, copy] of copies.entries()) fs.writeFileSync(cached[index], copy);
  return copies;
}

/** @returns {Promise<{ files: number, bytes: number, brotliBytes: number, gzipBytes: number }>} */
export async function precompress(distDir, cacheDir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    [...files(distDir)].map(async (file) => {
      const content = fs.readFileSync(file);
      const [brotliBody, gzipBody] = await compressedCopies(content, cacheDir);
      totals.files += 1;
      totals.bytes += content.length;
      totals.brotliBytes += Math.min(brotliBody.length, content.length);
      totals.gzipBytes += Math.min(gzipBody.length, content.length);
      for (const [suffix, body] of [
        ['.br', brotliBody],
        ['.gz', gzipBody],
      ]) {
        if (body.length < content.length) fs.writeFileSync(file + suffix, body);
        else fs.rmSync(file + suffix, { force: true });
      }
    }),
  );
  return totals;
}
