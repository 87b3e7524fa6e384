import { useEffect, useRef, useState, type RefObject, type TableHTMLAttributes } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';

const Scroll = styled.div`
  width: 100%;
  overflow-x: auto;
  &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
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
 * Wider than a phone, it scrolls inside its own box instead of widening the page.
 */
export function DataTable(props: TableHTMLAttributes<HTMLTableElement>) {
  const scroll = useRef<HTMLDivElement>(null);
  const overflows = useOverflow(scroll);
  // A box that scrolls must be reachable by keyboard (arrow keys scroll it once focused).
  const region = overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${props['aria-label'] ?? '表'}（横にスクロールできます）` } : {};
  return (
    <Scroll ref={scroll} {...region}>
      <Table {...props} />
    </Scroll>
  );
}

/** Whether the box is narrower than what it holds (followed as either changes size). */
function useOverflow(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
