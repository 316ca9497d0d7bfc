/** Types of precompress.mjs, for the server's tests of what it serves. */
export function precompress(
  distDir: string,
  cacheDir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }>;
