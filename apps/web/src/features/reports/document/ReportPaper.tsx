import { type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styles from './ReportPaper.module.css';
import { cssLengthPx, type PageGeometry, paginate, pxPerMm } from './reportPagination.ts';

/** The page margin when the report's print template gives none (decision 0129). */
export const defaultPageMargin = '15mm';

/** A4 in CSS px, by orientation: width and height. */
const a4 = { portrait: [210 * pxPerMm, 297 * pxPerMm], landscape: [297 * pxPerMm, 210 * pxPerMm] } as const;

/** Gap between pages on the screen. */
const screenGap = 24;

/**
 * Scales the paper down to the width there is (a phone shows whole pages, as printed, rather than reflowing them):
 * `--paper-scale` on the paper, and the frame around it takes the scaled size.
 */
function usePaperScale(
  frame: RefObject<HTMLDivElement | null>,
  paper: RefObject<HTMLDivElement | null>,
  width: number,
) {
  useEffect(() => {
    const outer = frame.current;
    const inner = paper.current;
    if (!outer || !inner || typeof ResizeObserver === 'undefined') return;
    const fit = () => {
      const available = outer.parentElement?.clientWidth ?? outer.clientWidth;
      const scale = available > 0 ? Math.min(1, available / width) : 1;
      outer.style.setProperty('--paper-scale', String(scale));
      outer.style.setProperty('--paper-height', `${inner.offsetHeight}px`);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(inner);
    if (outer.parentElement) observer.observe(outer.parentElement);
    return () => observer.disconnect();
  }, [frame, paper, width]);
}

/**
 * The report's paper: its cover page, then its content laid onto A4 pages in its orientation with the print
 * template's margin (`reportPagination.ts` decides the breaks; the frames drawn behind are the printed pages). Says
 * `onPaginated(true)` once laid out for content that is `ready`, which the document's readiness waits for.
 */
export function ReportPaper({
  landscape,
  margin,
  ready,
  onPaginated,
  cover,
  children,
}: {
  landscape: boolean;
  margin: string;
  ready: boolean;
  onPaginated: (paginated: boolean) => void;
  cover: ReactNode;
  children: ReactNode;
}) {
  const [width, height] = a4[landscape ? 'landscape' : 'portrait'];
  const marginPx = cssLengthPx(margin) ?? (cssLengthPx(defaultPageMargin) as number);
  const frame = useRef<HTMLDivElement>(null);
  const paper = useRef<HTMLDivElement>(null);
  const flow = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(1);
  usePaperScale(frame, paper, width);

  const layOut = useCallback(() => {
    const node = flow.current;
    if (!node) return;
    const geometry: PageGeometry = { height, margin: marginPx, gap: screenGap };
    const scale = node.offsetWidth > 0 ? node.getBoundingClientRect().width / node.offsetWidth : 1;
    setPages(paginate(node, geometry, scale || 1));
  }, [height, marginPx]);

  // Laid out at once when the content is drawn, before the document says it is ready (the PDF prints then).
  useLayoutEffect(() => {
    if (!ready) return onPaginated(false);
    layOut();
    onPaginated(true);
  }, [ready, layOut, onPaginated]);

  useEffect(() => {
    const node = flow.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    let frameId = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frameId);
      frameId = requestAnimationFrame(layOut);
    });
    observer.observe(node);
    return () => {
      cancelAnimationFrame(frameId);
      observer.disconnect();
    };
  }, [layOut]);

  const geometry = {
    '--page-width': `${width}px`,
    '--page-height': `${height}px`,
    '--page-margin': `${marginPx}px`,
    '--page-gap': `${screenGap}px`,
    '--pages': pages,
  } as React.CSSProperties;
  return (
    <div ref={frame} className={styles.frame}>
      <div ref={paper} className={styles.paper} style={geometry}>
        {cover}
        <div className={styles.pages} data-pages={pages}>
          {Array.from({ length: pages }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a page is its place.
              key={index}
              className={styles.page}
              style={{ '--page': index } as React.CSSProperties}
              data-testid="report-page"
              aria-hidden="true"
            />
          ))}
          <div ref={flow} className={styles.flow}>
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
