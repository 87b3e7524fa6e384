import { render, screen } from '@testing-library/react';
import { UpdateBanner } from './components/update-banner';
import { useVersion } from './store';

afterEach(() => {
  useVersion.setState({ updateAvailable: false });
  vi.unstubAllGlobals();
});

describe('update banner', () => {
  it('appears when the deployed revision differs from the running build', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ revision_no: 'another-build' }))));
    render(<UpdateBanner />);
    expect(screen.queryByTestId('update-banner')).toBeNull();
    await useVersion.getState().check();
    expect(await screen.findByTestId('update-banner')).toHaveTextContent('新しいアップデートがあります。再読み込みしてください。');
  });

  it('stays hidden when the revision matches', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ revision_no: __REVISION__ }))));
    await useVersion.getState().check();
    expect(useVersion.getState().updateAvailable).toBe(false);
    useVersion.getState().compare('pushed-by-another-node');
    expect(useVersion.getState().updateAvailable).toBe(true);
  });
});
