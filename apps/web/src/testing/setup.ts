import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// Routes and the default layout load lazily (as in the browser); a test's first screen waits for
// those modules to be transformed, which takes more than the library's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// The navigation progress bar (NProgress) removes itself on timers a few hundred ms after a page change; one still
// pending when the file's jsdom is torn down would throw "document is not defined". Wait for it to be gone.
afterAll(async () => {
  for (let waited = 0; document.getElementById('nprogress') && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
