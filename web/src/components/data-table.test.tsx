import { render, screen } from '@testing-library/react';
import { DataTable, scrollHintOf } from './data-table';

describe('the shared table on a narrow screen', () => {
  it('knows which way hidden columns lie', () => {
    expect(scrollHintOf({ scrollWidth: 390, clientWidth: 390, scrollLeft: 0 })).toBe('none');
    expect(scrollHintOf({ scrollWidth: 390.6, clientWidth: 390, scrollLeft: 0 })).toBe('none');
    expect(scrollHintOf({ scrollWidth: 800, clientWidth: 390, scrollLeft: 0 })).toBe('end');
    expect(scrollHintOf({ scrollWidth: 800, clientWidth: 390, scrollLeft: 200 })).toBe('both');
    expect(scrollHintOf({ scrollWidth: 800, clientWidth: 390, scrollLeft: 410 })).toBe('start');
  });

  it('a table that fits says nothing and is no scrolling region', () => {
    render(
      <DataTable aria-label="年ごとのご利用金額">
        <tbody>
          <tr>
            <td>2026年</td>
          </tr>
        </tbody>
      </DataTable>,
    );
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText('← 横にスクロールできます →')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: '年ごとのご利用金額' })).toBeInTheDocument();
  });
});
