import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { usageLinks } from '../labels';
import type { Amounts, MonthUsage, UsageYear } from '../types';
import { UsageYearView } from './usage-year-view';

const zero: Amounts = { taskAmount: 0, optionAmount: 0, subtotalAmount: 0, consumptionTax: 0, totalAmount: 0 };
const bill = (taskAmount: number, optionAmount: number): Amounts => {
  const subtotalAmount = taskAmount + optionAmount;
  const consumptionTax = Math.floor(subtotalAmount / 10);
  return { taskAmount, optionAmount, subtotalAmount, consumptionTax, totalAmount: subtotalAmount + consumptionTax };
};

// February: デモマガジン 12,005 (tax 1,200) and デモトラベル 1,005 (tax 100); March: デモマガジン 70,000.
const months: MonthUsage[] = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...zero, media: [] }));
months[1] = {
  month: 2,
  taskAmount: 11_004,
  optionAmount: 2_006,
  subtotalAmount: 13_010,
  consumptionTax: 1_300,
  totalAmount: 14_310,
  media: [
    { mediaId: 1, totalAmount: 13_205 },
    { mediaId: 2, totalAmount: 1_105 },
  ],
};
months[2] = { month: 3, ...bill(70_000, 0), media: [{ mediaId: 1, totalAmount: 77_000 }] };

const year: UsageYear = {
  client: { id: 7, name: '株式会社デモメディア' },
  year: 2024,
  consumptionTaxRatePercent: '10',
  media: [
    { id: 1, name: 'デモマガジン' },
    { id: 2, name: 'デモトラベル' },
  ],
  months,
  taskAmount: 81_004,
  optionAmount: 2_006,
  subtotalAmount: 83_010,
  consumptionTax: 8_300,
  totalAmount: 91_310,
};

function renderYear(staff: boolean) {
  render(
    <MemoryRouter>
      <UsageYearView data={year} links={usageLinks(7, staff)} chartWidth={640} />
    </MemoryRouter>,
  );
}

describe('a year of usage', () => {
  it('lists twelve months in yen, links the months with usage and totals the year', () => {
    renderYear(false);
    const rows = screen.getAllByTestId('usage-month');
    expect(rows).toHaveLength(12);
    const february = within(rows[1]);
    expect(february.getByRole('link', { name: '2月' })).toHaveAttribute('href', '/clients/payments/2024/2');
    expect(rows[1]).toHaveTextContent('11,004円2,006円13,010円1,300円14,310円');
    expect(within(rows[0]).queryByRole('link')).toBeNull();
    expect(rows[0]).toHaveTextContent('1月0円0円0円0円0円');
    expect(screen.getByTestId('usage-months-total')).toHaveTextContent('年合計81,004円2,006円83,010円8,300円91,310円');
  });

  it('keeps the company in the links the staff follow', () => {
    renderYear(true);
    expect(screen.getByRole('link', { name: '3月' })).toHaveAttribute('href', '/clients/payments/2024/3?client_id=7');
  });

  it('draws the months stacked by medium, each medium named in the legend', () => {
    renderYear(false);
    const chart = screen.getByTestId('usage-chart');
    expect(chart).toHaveAccessibleName('2024年 月別ご利用金額（税込・媒体別）');
    expect(chart.querySelector('svg')).not.toBeNull();
    expect(within(chart).getByText('デモマガジン')).toBeInTheDocument();
    expect(within(chart).getByText('デモトラベル')).toBeInTheDocument();
    // One bar group per medium, stacked on one axis.
    expect(chart.querySelectorAll('.recharts-bar')).toHaveLength(2);
  });
});
