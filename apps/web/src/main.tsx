import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
// After Mantine's styles, which its focus ring overrides.
import './features/layout/theme.css';
import { parseWithoutEval } from '@olo/shared/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, afterFirstScreen } from './App.tsx';
import { config } from './config.ts';
import { createApolloSetup } from './features/apollo/client.ts';
import { createI18n } from './features/i18n/i18n.ts';
import { registerServiceWorker } from './features/notifications/serviceWorker.tsx';

parseWithoutEval();
// Until the first page names itself (useDocumentTitle).
document.title = config.siteName;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const apollo = createApolloSetup();
const { i18n, ready } = createI18n();
// The first screen waits for its language's strings (a small chunk) rather than showing raw keys.
void ready.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App apollo={apollo} i18n={i18n} />
    </StrictMode>,
  );
});

// The service worker's precache waits for the first screen, so that it never takes the network from it (decision 0164).
afterFirstScreen(registerServiceWorker);
