import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { config } from './config.ts';
import { createApolloSetup } from './features/apollo/client.ts';
import { createI18n } from './features/i18n/i18n.ts';
import { registerServiceWorker } from './features/notifications/serviceWorker.tsx';

document.title = config.siteName;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App apollo={createApolloSetup()} i18n={createI18n()} />
  </StrictMode>,
);

registerServiceWorker();
