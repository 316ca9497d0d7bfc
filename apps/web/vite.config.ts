import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const server = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
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
        globPatterns: ['**/*.{js,css,svg,png,ico,webmanifest}'],
        navigateFallback: null,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
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
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads the entry's static imports from it.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
