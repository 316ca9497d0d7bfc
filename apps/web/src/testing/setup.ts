import { configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll } from 'vitest';

// Routes and the default layout load lazily (as in the browser); a test's first screen waits for
// those modules to be transformed, which takes more than the library's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// The navigation progress bar (NProgress) queues its steps on timers: a start and done that follow each other
// closely leave a removal pending after the bar has gone once, and that timer can fire after the file's jsdom
// is torn down ("document is not defined"). Its entry points touch the document only while there is one.
for (const step of ['set', 'remove'] as const) {
  const original = NProgress[step] as (...args: unknown[]) => unknown;
  (NProgress as unknown as Record<string, unknown>)[step] = function guarded(this: unknown, ...args: unknown[]) {
    return typeof document === 'undefined' ? NProgress : original.apply(this, args);
  };
}

afterAll(async () => {
  for (let waited = 0; document.getElementById('nprogress') && waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
