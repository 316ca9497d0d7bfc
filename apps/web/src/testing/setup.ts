import { configure } from '@testing-library/react';

// Routes and the default layout load lazily (as in the browser); a test's first screen waits for
// those modules to be transformed, which takes more than the library's default second on a busy machine.
configure({ asyncUtilTimeout: 5000 });
