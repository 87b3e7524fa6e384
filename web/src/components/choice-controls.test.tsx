import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Checkbox } from './checkbox';
import { DescriptionList } from './description-list';
import { RadioCards } from './radio-cards';

function Cards() {
  const [value, setValue] = useState('file');
  return (
    <RadioCards
      legend="納品方法"
      value={value}
      onChange={setValue}
      options={[
        { value: 'file', label: 'ファイル' },
        { value: 'external', label: 'URL', description: '共有フォルダなど' },
      ]}
    />
  );
}

describe('RadioCards', () => {
  it('is a labelled group of radios, moved through with the arrow keys', async () => {
    render(<Cards />);
    const group = screen.getByRole('group', { name: '納品方法' });
    expect(within(group).getByRole('radio', { name: 'ファイル' })).toBeChecked();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: /URL/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'ファイル' })).not.toBeChecked();
  });
});

describe('Checkbox', () => {
  it('is a native checkbox named by its label', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="作業中" checked={false} onChange={onChange} />);
    await userEvent.click(screen.getByText('作業中'));
    expect(onChange).toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: '作業中' })).not.toBeChecked();
  });
});

describe('DescriptionList', () => {
  it('pairs terms and details and leaves out the missing ones', () => {
    render(<DescriptionList items={[{ term: '種別', detail: '執筆' }, false, { term: '納期', detail: '2027/2/15' }]} />);
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['種別', '納期']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['執筆', '2027/2/15']);
  });
});
