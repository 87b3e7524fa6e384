import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { FileDropZone } from './file-drop-zone';

function Harness({ accept, multiple = false, progress = null as number | null }: { accept?: string; multiple?: boolean; progress?: number | null }) {
  const [files, setFiles] = useState<File[]>([]);
  return <FileDropZone label="納品ファイル" accept={accept} multiple={multiple} files={files} onFiles={setFiles} progress={progress} />;
}

const file = (name: string, type = 'text/plain', size = 2048) => new File(['x'.repeat(size)], name, { type });

function drop(target: HTMLElement, files: File[]) {
  const event = createEvent.drop(target);
  Object.defineProperty(event, 'dataTransfer', { value: { files } });
  fireEvent(target, event);
}

describe('FileDropZone', () => {
  it('accepts a dropped file and lists it with its size', () => {
    render(<Harness />);
    drop(screen.getByTestId('file-drop-zone'), [file('原稿.txt')]);
    const chosen = screen.getByRole('list', { name: '選択したファイル' });
    expect(chosen).toHaveTextContent('原稿.txt');
    expect(chosen).toHaveTextContent('2 KB');
  });

  it('is a labelled file input reachable by keyboard, and adds chosen files when multiple', async () => {
    render(<Harness multiple />);
    const input = screen.getByLabelText('納品ファイル');
    expect(input).toHaveAttribute('type', 'file');
    await userEvent.tab();
    expect(input).toHaveFocus();
    await userEvent.upload(input, [file('a.txt'), file('b.txt')]);
    drop(screen.getByTestId('file-drop-zone'), [file('c.txt')]);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('a.txt'),
      expect.stringContaining('b.txt'),
      expect.stringContaining('c.txt'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'b.txtを取り除く' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('refuses a dropped file of the wrong kind, saying which kinds it takes', () => {
    render(<Harness accept=".xlsx" />);
    drop(screen.getByTestId('file-drop-zone'), [file('memo.txt')]);
    expect(screen.queryByRole('list', { name: '選択したファイル' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('.xlsx のファイルを選んでください');
    drop(screen.getByTestId('file-drop-zone'), [file('tasks.xlsx', '')]);
    expect(screen.getByRole('list', { name: '選択したファイル' })).toHaveTextContent('tasks.xlsx');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the upload progress', () => {
    render(<Harness progress={0.42} />);
    expect(screen.getByRole('progressbar', { name: 'アップロードの進み具合' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('アップロード中 42%')).toBeInTheDocument();
  });
});
