import { type RefObject, useEffect, useState } from 'react';
import { reportDataKinds } from './ReportElementView.tsx';

/** True when every data element inside the root has marked itself drawn (`data-report-element-ready="true"`). */
export function allReportElementsReady(root: ParentNode): boolean {
  return [...root.querySelectorAll<HTMLElement>('[data-report-body]')].every(
    (body) =>
      !reportDataKinds.has(body.dataset.reportBody as never) ||
      body.querySelector('[data-report-element-ready="true"]') !== null,
  );
}

/**
 * Whether the document under `root` is completely drawn: what the PDF renderer and the browser tests wait for.
 * Watched in the DOM rather than reported by each element, so that an element appearing later (a repeated space, an
 * edited tree) holds the flag down until it is drawn too.
 */
export function useReportReady(root: RefObject<HTMLElement | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const node = root.current;
    if (!node) return;
    const check = () => setReady(allReportElementsReady(node));
    check();
    const observer = new MutationObserver(check);
    observer.observe(node, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-report-element-ready'],
    });
    return () => observer.disconnect();
  }, [root]);
  return ready;
}
