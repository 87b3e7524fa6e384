import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PeoplePicker } from './people-picker';

const PEOPLE = [
  { id: 3, name: '山田 花子', detail: 'ID: 3' },
  { id: 4, name: '佐藤 健', detail: 'ID: 4' },
  { id: 7, name: '山本 太郎', detail: 'ID: 7' },
];

function Harness({ initial = [] as number[], onChange = (_: number[]) => {} }) {
  const [ids, setIds] = useState(initial);
  return (
    <PeoplePicker
      label="担当者"
      people={PEOPLE}
      value={ids}
      onChange={(next) => {
        setIds(next);
        onChange(next);
      }}
    />
  );
}

const chips = () => screen.queryAllByTestId('person-chip').map((chip) => chip.firstChild?.textContent);

describe('PeoplePicker', () => {
  it('finds people by part of the name, chosen with ↓ and Enter, as chips', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: '担当者' });
    await userEvent.type(input, '山');
    expect(screen.getAllByRole('option').map((o) => o.firstChild?.textContent)).toEqual(['山田 花子', '山本 太郎']);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1].id);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([7]);
    expect(chips()).toEqual(['山本 太郎']);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();

    // Chosen people leave the list; spaces and width do not matter in the search.
    await userEvent.type(input, '山田花子');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(chips()).toEqual(['山本 太郎', '山田 花子']);
  });

  it('finds a person by ID', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByRole('combobox', { name: '担当者' }), '４');
    expect(screen.getAllByRole('option').map((o) => o.firstChild?.textContent)).toEqual(['佐藤 健']);
  });

  it('takes people off with their chip button or Backspace in the empty search', async () => {
    const onChange = vi.fn();
    render(<Harness initial={[3, 4, 7]} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: '佐藤 健を外す' }));
    expect(chips()).toEqual(['山田 花子', '山本 太郎']);
    expect(screen.getByRole('combobox', { name: '担当者' })).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith([3]);
    expect(chips()).toEqual(['山田 花子']);
  });

  it('does not submit its form with Enter', async () => {
    const submit = vi.fn((e: Event) => e.preventDefault());
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Harness />
      </form>,
    );
    await userEvent.type(screen.getByRole('combobox', { name: '担当者' }), '佐藤{Enter}');
    expect(chips()).toEqual(['佐藤 健']);
    expect(submit).not.toHaveBeenCalled();
  });
});
