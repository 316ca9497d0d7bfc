#!/usr/bin/env node
/**
 * Builds what is missing or stale: the web app (Vite) and the server bundle (esbuild).
 * Staleness is a fingerprint of every input file's path, size and mtime, kept in .build-stamp.
 * `node scripts/build.mjs --force` rebuilds regardless.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeInitialJavaScript } from './bundle-size.mjs';
import { precompress } from './precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, '.build-stamp');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/server/src',
  'apps/server/drizzle',
  'packages/shared/src',
  'packages/data-engine/src',
  'package-lock.json',
  'scripts/precompress.mjs',
];
const outputs = [
  'apps/web/dist/index.html',
  'apps/web/dist/index.html.br',
  'apps/server/dist/main.js',
  'apps/server/dist/pglite-host.js',
];

function* files(entry) {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) {
    yield [entry, stat];
    return;
  }
  for (const name of fs.readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

function fingerprint() {
  const hash = crypto.createHash('sha256');
  for (const input of inputs) {
    for (const [file, stat] of files(path.join(root, input))) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

export function isStale() {
  if (outputs.some((output) => !fs.existsSync(path.join(root, output)))) return true;
  return !fs.existsSync(stampFile) || fs.readFileSync(stampFile, 'utf8') !== fingerprint();
}

async function buildWeb() {
  const { build } = await import('vite');
  await build({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
  });
}

async function buildServer() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'apps/server/src/main.ts', 'pglite-host': 'apps/server/src/db/pglite-host.ts' },
    outdir: 'apps/server/dist',
    bundle: true,
    // Chunks keep main.ts's dynamic import of the app lazy, so PGlite starts while the app loads.
    splitting: true,
    // In dist/ itself: paths.ts and the PGlite child's path rely on code sitting one level below apps/server.
    chunkNames: 'chunk-[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay in node_modules; only our own workspace packages (TypeScript source) are bundled.
        name: 'external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@olo/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

export async function buildAll({ force = false } = {}) {
  if (!force && !isStale()) return false;
  const started = Date.now();
  console.log('Building Olo…');
  await buildWeb();
  const webDist = path.join(root, 'apps/web/dist');
  console.log(describeInitialJavaScript(webDist));
  const compressed = await precompress(webDist, path.join(root, 'node_modules/.cache/olo-precompress'));
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `Compressed ${compressed.files} files: ${mb(compressed.bytes)} → ${mb(compressed.brotliBytes)} brotli, ${mb(compressed.gzipBytes)} gzip`,
  );
  await buildServer();
  fs.writeFileSync(stampFile, fingerprint());
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
