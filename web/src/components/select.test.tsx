import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Select } from './select';

const PREFECTURES = ['北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '東京都', '京都府'].map((name, i) => ({ value: String(i + 1), label: name }));

function Harness({ onChange = () => {}, options = PREFECTURES }: { onChange?: (value: string) => void; options?: typeof PREFECTURES }) {
  const [value, setValue] = useState('1');
  return (
    <Select
      label="都道府県"
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Select', () => {
  it('is a labelled combobox showing the chosen label', () => {
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: '都道府県' });
    expect(box).toHaveTextContent('北海道');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with ↓, filters by what is typed, moves with the arrows and chooses with Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: '都道府県' });
    box.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // The search box has focus; the chosen option is the active one.
    const search = screen.getByRole('searchbox', { name: '都道府県を検索' });
    expect(search).toHaveFocus();
    expect(screen.getByRole('option', { name: /北海道/ })).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('都');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['東京都', '京都府']);
    expect(search).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: '東京都' }).id);
    await userEvent.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: '京都府' }).id);
    await userEvent.keyboard('{Enter}');

    expect(onChange).toHaveBeenCalledWith('9');
    expect(box).toHaveTextContent('京都府');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();
  });

  it('starts the search with a typed character and says when nothing matches', async () => {
    render(<Harness />);
    screen.getByRole('combobox', { name: '都道府県' }).focus();
    await userEvent.keyboard('沖');
    expect(screen.getByRole('searchbox')).toHaveValue('沖');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('該当する項目がありません')).toBeInTheDocument();
  });

  it('closes on Escape without changing, giving focus back', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: '都道府県' });
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(box).toHaveFocus();
  });

  it('lists a short set without a search box and is driven from the list itself', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} options={PREFECTURES.slice(0, 3)} />);
    await userEvent.click(screen.getByRole('combobox', { name: '都道府県' }));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('listbox')).toHaveFocus();
    await userEvent.keyboard('{End}{Enter}');
    expect(onChange).toHaveBeenCalledWith('3');
  });

  it('chooses with the mouse', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: '都道府県' }));
    await userEvent.click(screen.getByRole('option', { name: '宮城県' }));
    expect(onChange).toHaveBeenCalledWith('4');
  });
});
