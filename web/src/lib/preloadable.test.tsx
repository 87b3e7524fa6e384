import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadable } from './preloadable';

const Page = ({ name }: { name: string }) => <h1>{name}のページ</h1>;

describe('preloadable', () => {
  it('draws a preloaded page in its first render, with no fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const page = preloadable(load);
    await page.preload();
    await page.preload();
    render(
      <Suspense fallback={<p>待機中</p>}>
        <page.Component name="タスク" />
      </Suspense>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('タスクのページ');
    expect(screen.queryByText('待機中')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded, and loads once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const page = preloadable(load);
    render(
      <Suspense fallback={<p>待機中</p>}>
        <page.Component name="チャンネル" />
      </Suspense>,
    );
    expect(screen.getByText('待機中')).toBeInTheDocument();
    expect(await screen.findByRole('heading')).toHaveTextContent('チャンネルのページ');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load (a chunk replaced by a new release)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue({ default: Page });
    const page = preloadable(load);
    await expect(page.preload()).rejects.toThrow('chunk gone');
    await page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
