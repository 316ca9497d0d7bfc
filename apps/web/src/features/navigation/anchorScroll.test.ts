// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anchorScrollOffset, inPageHash, scrollToAnchor } from './anchorScroll.ts';

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.setAttribute('href', href);
  document.body.append(anchor);
  return anchor;
}

describe('anchor links', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('scrolls smoothly to the element, 100 px above it', () => {
    const target = document.createElement('section');
    target.id = 'emails';
    document.body.append(target);
    vi.spyOn(target, 'getBoundingClientRect').mockReturnValue({ top: 640 } as DOMRect);
    Object.defineProperty(window, 'scrollY', { value: 60, configurable: true });
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    expect(scrollToAnchor('#emails')).toBe(true);
    expect(anchorScrollOffset).toBe(100);
    expect(scrollTo).toHaveBeenCalledWith({ top: 600, behavior: 'smooth' });
    expect(scrollToAnchor('#nothing-here')).toBe(false);
  });

  it('treats only links into the current page as anchor links', () => {
    const here = { pathname: window.location.pathname, search: window.location.search };
    expect(inPageHash(link('#emails'), here)).toBe('#emails');
    expect(inPageHash(link(`${window.location.pathname}#top`), here)).toBe('#top');
    expect(inPageHash(link('#'), here)).toBeNull();
    expect(inPageHash(link('/elsewhere#top'), here)).toBeNull();
    expect(inPageHash(link('https://example.org/#top'), here)).toBeNull();
  });
});
