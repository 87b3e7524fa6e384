import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(96px, max-content) minmax(0, 1fr);
  margin: 0;
  dt, dd {
    margin: 0;
    padding: 10px 0;
    border-bottom: 1px solid ${theme.color.border};
  }
  dt {
    padding-right: 24px;
    color: ${theme.color.subText};
    font-weight: ${theme.font.bold};
    font-size: ${theme.font.sm};
    line-height: 1.8;
  }
  dd { min-width: 0; overflow-wrap: anywhere; }
  div:last-child > dt, div:last-child > dd { border-bottom: none; }
  ${theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
    dt { padding: 8px 0 0; border-bottom: none; }
    dd { padding: 2px 0 8px; }
  }
`;

export interface Description {
  term: string;
  detail: ReactNode;
}

/** Key and value pairs (a task's or project's facts): terms in a column, no browser indentation; stacked on phones. */
export function DescriptionList({ items, testId }: { items: (Description | false | null | undefined)[]; testId?: string }) {
  return (
    <List data-testid={testId}>
      {items
        .filter((item): item is Description => !!item)
        .map((item) => (
          <div key={item.term} style={{ display: 'contents' }}>
            <dt>{item.term}</dt>
            <dd>{item.detail}</dd>
          </div>
        ))}
    </List>
  );
}
