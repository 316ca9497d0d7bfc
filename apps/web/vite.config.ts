import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defaultLanguage } from '../../packages/shared/src/languages.ts';
import { preloadFirstScreen } from './vite/preload-first-screen.ts';
import { splitGraphqlDocuments } from './vite/split-graphql-documents.ts';

const server = 'http://localhost:3000';
const outDir = path.join(import.meta.dirname, 'dist');

/**
 * The shell: what index.html loads (the entry, its static imports, the stylesheet) and the icon and manifest. Only it
 * is precached; each screen's chunks are cached as the user first visits it (decision 0164).
 */
function shellFiles(): Set<string> {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1] ?? '');
  return new Set(referenced);
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    splitGraphqlDocuments(),
    // A first visit is signed out and, with no language chosen yet, in the default one.
    preloadFirstScreen(['features/auth/LoginPage.tsx', `features/i18n/locales/${defaultLanguage}.json`]),
    VitePWA({
      filename: 'sw.js',
      scope: '/',
      registerType: 'prompt',
      // Registration lives in src/features/notifications/serviceWorker.tsx so that the update prompt is a toast.
      injectRegister: false,
      manifest: {
        name: 'Olo',
        short_name: 'Olo',
        lang: 'fi',
        start_url: '/',
        display: 'standalone',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        // index.html is not precached: the server writes the site configuration and the CSRF cookie into it.
        globPatterns: ['**/*.{js,css}'],
        manifestTransforms: [
          (entries) => {
            const shell = shellFiles();
            return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
          },
        ],
        navigateFallback: null,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        runtimeCaching: [
          {
            // Hashed names never change content, so a cached chunk is used as it is.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'olo-assets',
              expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      // The Host header is kept so that the server's websocket origin check sees the page's own host.
      '/graphql': { target: server, ws: true },
      '/api': { target: server, changeOrigin: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads the entry's static imports from it.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first page needs is one file rather than 27: on a phone's network each request of a round costs
          // a latency (562.5 ms on DevTools' "Slow 4G"), and a browser opens 6 connections to a host (decision 0164).
          // The sign-in screen with what it imports (forms, inputs, the shared schemas) is one more, not 14.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'sign-in', test: /[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/ },
            // The signed-in layout and home, with their menus, popovers and status strips: 49 files were 3 rounds.
            {
              name: 'signed-in',
              test: /[\\/]src[\\/]features[\\/](layout[\\/]DefaultLayout|home[\\/]HomePage)\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
