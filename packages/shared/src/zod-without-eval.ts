/**
 * Makes zod parse without compiling parsers through `new Function`. The web app's
 * Content-Security-Policy allows no eval, and zod's probe for it is reported by the browser as a
 * violation (decision 0051); the server keeps the faster compiled parsers.
 *
 * zod keeps its configuration (`z.config`) in this global, shared by every copy of zod; setting it
 * directly spares the web app's initial JavaScript the import of zod (4 KB gzipped).
 */
export function parseWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
}
