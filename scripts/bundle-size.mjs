#!/usr/bin/env node
/**
 * The web app's initial JavaScript: the entry chunk and every chunk it imports statically (what a
 * browser must load before the first page renders), read from Vite's build manifest, gzipped at
 * level 9. Lazy routes and other dynamic imports are not counted. Goal (issue 5): under 250 KB.
 * `node scripts/bundle-size.mjs` prints it for the last build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const initialJavaScriptGoalBytes = 250 * 1024;

/** @param {string} distDir the web build's output folder, holding `.vite/manifest.json` */
export function initialJavaScript(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const files = [...seen]
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const content = fs.readFileSync(path.join(distDir, file));
      return { file, bytes: content.length, gzipBytes: zlib.gzipSync(content, { level: 9 }).length };
    });
  const allJavaScript = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + fs.statSync(path.join(distDir, 'assets', name)).size, 0);
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    allJavaScriptBytes: allJavaScript,
  };
}

export function describeInitialJavaScript(distDir) {
  const size = initialJavaScript(distDir);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  const verdict = size.gzipBytes < initialJavaScriptGoalBytes ? 'met' : 'MISSED';
  return (
    `Initial JavaScript: ${kb(size.gzipBytes)} gzipped (${kb(size.bytes)} minified, ${size.files.length} files; ` +
    `goal < ${kb(initialJavaScriptGoalBytes)}: ${verdict}); all JavaScript ${kb(size.allJavaScriptBytes)} minified`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  console.log(describeInitialJavaScript(path.join(root, 'apps/web/dist')));
}
