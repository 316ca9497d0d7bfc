/**
 * Mends known bugs of dependencies until releases fix them; npm runs it after every install
 * (`postinstall`). Each patch names the exact text it replaces, applies once, and says so when the
 * library changed and the patch no longer fits (then check whether the release fixed the bug).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const patches = [
  {
    // postgres.js 3.4.x writes a buffered chunk from a setImmediate after the connection closed and
    // its socket is null: a TypeError nobody can catch, which ends the process (upstream issues
    // #1154, #1208). The closed connection already fails its queries; the chunk has nowhere to go.
    name: 'postgres: no write after the connection closed',
    files: ['node_modules/postgres/src/connection.js', 'node_modules/postgres/cjs/src/connection.js'],
    find: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
    replace:
      '  function nextWrite(fn) {\n' +
      '    if (!socket) { // olo: patched (scripts/patch-dependencies.mjs)\n' +
      '      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n' +
      '      chunk = nextWriteTimer = null\n' +
      "      fn && setImmediate(fn, new Error('Connection closed'))\n" +
      '      return false\n' +
      '    }\n' +
      '    const x = socket.write(chunk, fn)\n',
  },
];

for (const patch of patches) {
  for (const relative of patch.files) {
    const file = path.join(root, relative);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes(patch.replace)) continue;
    if (!text.includes(patch.find)) {
      console.warn(
        `patch-dependencies: "${patch.name}" no longer fits ${relative}; check the library's release notes.`,
      );
      continue;
    }
    fs.writeFileSync(file, text.replace(patch.find, patch.replace));
    console.log(`patch-dependencies: ${patch.name} (${relative})`);
  }
}
