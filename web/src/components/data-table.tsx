import { useEffect, useRef, useState, type RefObject, type TableHTMLAttributes } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';

/** Which way a table wider than its box can still scroll: none (it fits), or towards its end, its start, or both. */
export type ScrollHint = 'none' | 'end' | 'start' | 'both';

/** Holds the box and draws a shadow on each edge that hides more columns. */
const Frame = styled.div`
  position: relative;
  width: 100%;
  &::before, &::after {
    content: '';
    position: absolute;
    top: 0;
    bottom: 0;
    width: 18px;
    pointer-events: none;
    opacity: 0;
    transition: opacity 0.15s;
    z-index: 1;
  }
  &::before { left: 0; background: linear-gradient(to right, ${theme.color.scrollShade}, transparent); }
  &::after { right: 0; background: linear-gradient(to left, ${theme.color.scrollShade}, transparent); }
  &[data-more='start']::before, &[data-more='both']::before { opacity: 1; }
  &[data-more='end']::after, &[data-more='both']::after { opacity: 1; }
`;
const Scroll = styled.div`
  width: 100%;
  overflow-x: auto;
  &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
`;
/** Said in words too, above a table that does not fit: a shadow alone is easy to miss on a phone. */
const Caption = styled.p`
  margin: 0 0 4px;
  text-align: right;
  font-size: ${theme.font.xs};
  color: ${theme.color.subText};
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td {
    padding: 8px 12px;
    text-align: left;
    border-bottom: 1px solid ${theme.color.border};
    white-space: nowrap;
  }
  th { font-size: ${theme.font.sm}; color: ${theme.color.subText}; font-weight: ${theme.font.bold}; }
  .number { text-align: right; font-variant-numeric: tabular-nums; }
  tbody tr:hover { background: ${theme.color.background}; }
`;

/**
 * A table of records: header row in muted bold, rows ruled, numbers right-aligned (`className="number"`).
 * The one way every table meets a narrow screen: wider than its box, it scrolls inside that box
 * (never widening the page), says so above it, and shades each edge that hides columns.
 */
export function DataTable(props: TableHTMLAttributes<HTMLTableElement>) {
  const scroll = useRef<HTMLDivElement>(null);
  const hint = useScrollHint(scroll);
  const overflows = hint !== 'none';
  // A box that scrolls must be reachable by keyboard (arrow keys scroll it once focused).
  const region = overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${props['aria-label'] ?? '表'}（横にスクロールできます）` } : {};
  return (
    <>
      {overflows && <Caption aria-hidden>← 横にスクロールできます →</Caption>}
      <Frame data-more={hint}>
        <Scroll ref={scroll} {...region} data-scroll-hint={overflows ? hint : undefined}>
          <Table {...props} />
        </Scroll>
      </Frame>
    </>
  );
}

/** Which way the box can scroll (followed as either it or its table changes size, and as it scrolls). */
export function useScrollHint(ref: RefObject<HTMLElement | null>): ScrollHint {
  const [hint, setHint] = useState<ScrollHint>('none');
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setHint(scrollHintOf(box));
    box.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(box);
    if (box.firstElementChild) observer?.observe(box.firstElementChild);
    measure();
    return () => {
      box.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return hint;
}

/** A pixel of slack on each side: sub-pixel widths must not read as "more to see". */
export function scrollHintOf(box: Pick<HTMLElement, 'scrollWidth' | 'clientWidth' | 'scrollLeft'>): ScrollHint {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return 'none';
  const left = Math.abs(box.scrollLeft);
  const atStart = left <= 1;
  const atEnd = left >= hidden - 1;
  if (atStart) return 'end';
  if (atEnd) return 'start';
  return 'both';
}
