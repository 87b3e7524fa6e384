import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useConfirm } from './confirm-dialog';

function Asker() {
  const { confirm, dialog } = useConfirm();
  const [answers, setAnswers] = useState<boolean[]>([]);
  const ask = async () => {
    const yes = await confirm({ title: 'このメッセージを削除しますか？', message: '削除したメッセージは元に戻せません。' });
    setAnswers((list) => [...list, yes]);
  };
  return (
    <>
      <button type="button" onClick={() => void ask()}>
        削除
      </button>
      <output>{answers.join(',')}</output>
      {dialog}
    </>
  );
}

describe('the app’s confirmation dialog', () => {
  it('answers true on the confirm button, false on cancel and on Escape, and closes each time', async () => {
    const browserConfirm = vi.spyOn(window, 'confirm');
    render(<Asker />);
    const asked = () => screen.getByRole('dialog', { name: 'このメッセージを削除しますか？' });

    await userEvent.click(screen.getByRole('button', { name: '削除' }));
    expect(asked()).toHaveTextContent('削除したメッセージは元に戻せません。');
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '削除' }));
    await userEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true,false'));

    await userEvent.click(screen.getByRole('button', { name: '削除' }));
    expect(asked()).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true,false,false'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browserConfirm).not.toHaveBeenCalled();
  });
});
