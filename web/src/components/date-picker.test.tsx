import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { monthWeeks, parseDateText } from '@/lib/calendar';
import { DatePicker } from './date-picker';

function Harness({ initial = '', onChange = (_: string) => {} }) {
  const [value, setValue] = useState(initial);
  return (
    <DatePicker
      label="納期"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('calendar helpers', () => {
  it('lays a month out in weeks from Sunday to Saturday', () => {
    // 2027-02-01 is a Monday: the first row starts on Sunday 2027-01-31.
    const weeks = monthWeeks(2027, 2);
    expect(weeks[0][0]).toEqual({ iso: '2027-01-31', day: 31, inMonth: false });
    expect(weeks[0][1]).toEqual({ iso: '2027-02-01', day: 1, inMonth: true });
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.every((week) => new Date(`${week[0].iso}T00:00:00Z`).getUTCDay() === 0)).toBe(true);
    expect(weeks.at(-1)!.at(-1)!.iso).toBe('2027-03-06');
  });

  it('reads dates as people type them and refuses days that do not exist', () => {
    expect(parseDateText('2027/2/15')).toBe('2027-02-15');
    expect(parseDateText('２０２７年２月１５日')).toBe('2027-02-15');
    expect(parseDateText('2027-02-15')).toBe('2027-02-15');
    expect(parseDateText('2027/2/30')).toBeNull();
    expect(parseDateText('15/2/2027')).toBeNull();
  });
});

describe('DatePicker', () => {
  it('shows the month grid in Japanese with the week starting on Sunday', async () => {
    render(<Harness initial="2027-02-15" />);
    expect(screen.getByLabelText('納期')).toHaveValue('2027/2/15');
    await userEvent.click(screen.getByRole('button', { name: '納期をカレンダーから選ぶ' }));
    const calendar = screen.getByRole('dialog', { name: '納期を選ぶ' });
    expect(within(calendar).getByText('2027年2月')).toBeInTheDocument();
    expect(within(calendar).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    const firstRow = within(calendar).getAllByRole('row')[1];
    expect(within(firstRow).getAllByRole('button')[0]).toHaveAccessibleName('2027年1月31日（日）');
    // The chosen day has focus and says it is chosen.
    const chosen = within(calendar).getByRole('button', { name: '2027年2月15日（月）' });
    expect(chosen).toHaveFocus();
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
  });

  it('moves by day, week and month with the keyboard and picks with Enter', async () => {
    const onChange = vi.fn();
    render(<Harness initial="2027-02-15" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: '納期をカレンダーから選ぶ' }));
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: '2027年2月23日（火）' })).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByText('2027年3月')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '2027年3月23日（火）' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: '2027年3月21日（日）' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-21');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('納期')).toHaveValue('2027/3/21');
  });

  it('takes a typed date, shows it as yyyy/M/d, and says when it cannot be read', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('納期');
    await userEvent.type(input, '2027-03-05');
    expect(onChange).toHaveBeenLastCalledWith('2027-03-05');
    fireEvent.blur(input);
    expect(input).toHaveValue('2027/3/5');

    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    await userEvent.type(input, '3月5日');
    fireEvent.blur(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('日付は 2027/2/15 のように入力してください');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: '納期をカレンダーから選ぶ' });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });
});
