import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const anchorScrollOffset = 100;

export function scrollToAnchor(hash: string, behavior: ScrollBehavior = 'smooth'): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return false;
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - anchorScrollOffset;
  window.scrollTo({ top: Math.max(0, top), behavior });
  return true;
}

/** The link's hash when it points into the current page, else null. */
export function inPageHash(anchor: HTMLAnchorElement, location: { pathname: string; search: string }): string | null {
  const href = anchor.getAttribute('href');
  if (!href || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  if (href.startsWith('#')) return href.length > 1 ? href : null;
  const url = new URL(anchor.href, window.location.href);
  const samePage =
    url.origin === window.location.origin && url.pathname === location.pathname && url.search === location.search;
  return samePage && url.hash.length > 1 ? url.hash : null;
}

/**
 * In-page links and a hash in the address scroll smoothly to their element, leaving room for the header. The
 * element may appear only after data loads, so the scroll is retried briefly.
 */
export function useAnchorScroll(): void {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const hash = inPageHash(anchor, location);
      if (!hash) return;
      event.preventDefault();
      if (hash === location.hash) scrollToAnchor(hash);
      else navigate({ pathname: location.pathname, search: location.search, hash }, { preventScrollReset: true });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [location, navigate]);

  useEffect(() => {
    if (!location.hash) return;
    let attempts = 0;
    const timer = window.setInterval(() => {
      attempts++;
      if (scrollToAnchor(location.hash) || attempts >= 20) window.clearInterval(timer);
    }, 50);
    return () => window.clearInterval(timer);
  }, [location.hash]);
}
