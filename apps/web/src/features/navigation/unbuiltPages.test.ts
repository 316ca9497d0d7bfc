import { describe, expect, it } from 'vitest';
import { isPageBuilt } from './unbuiltPages.ts';

describe('isPageBuilt', () => {
  it('refuses the addresses of screens not built yet', () => {
    expect(isPageBuilt('/admin/users')).toBe(false);
    expect(isPageBuilt('/admin/users?x=1')).toBe(false);
  });

  it('accepts built screens, near namesakes included', () => {
    expect(isPageBuilt('/home')).toBe(true);
    expect(isPageBuilt('/help/getting-started')).toBe(true);
    expect(isPageBuilt('/admin')).toBe(true);
    expect(isPageBuilt('/admin/meters')).toBe(true);
    expect(isPageBuilt('/admin/status-dash')).toBe(true);
    expect(isPageBuilt('/p/7')).toBe(true);
    expect(isPageBuilt('/p/7/summary')).toBe(true);
    expect(isPageBuilt('/p/7/report/3?x=1')).toBe(true);
    expect(isPageBuilt('/p/7/edit/info#reports')).toBe(true);
  });
});
