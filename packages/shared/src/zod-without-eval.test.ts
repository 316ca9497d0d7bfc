import { expect, it } from 'vitest';
import { config } from 'zod';
import { parseWithoutEval } from './zod-without-eval.ts';

it('turns zod’s compiled parsers off through its own configuration', () => {
  const before = config().jitless;
  try {
    parseWithoutEval();
    expect(config().jitless).toBe(true);
  } finally {
    config({ jitless: before });
  }
});
