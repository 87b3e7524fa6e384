import { fireEvent, render, screen } from '@testing-library/react';
import { mockApi } from '@/test/mock-api';
import { SignedVideo } from './signed-video';

afterEach(() => vi.unstubAllGlobals());

describe('SignedVideo', () => {
  it('plays from a signed link, asks for a new one when it expired, and says so when the video cannot play', async () => {
    let links = 0;
    mockApi({
      'POST /files/7/link': () => {
        links += 1;
        // The first link has already expired by the time the video fails.
        const expires = links === 1 ? '2000-01-01T00:00:00Z' : '2999-01-01T00:00:00Z';
        return { body: { url: `/api/files/7/signed?n=${links}`, expires } };
      },
    });
    render(<SignedVideo fileId={7} name="本編.mp4" />);
    const video = await screen.findByLabelText('本編.mp4を再生');
    expect(video).toHaveAttribute('src', '/api/files/7/signed?n=1');

    fireEvent.error(video);
    await vi.waitFor(() => expect(screen.getByLabelText('本編.mp4を再生')).toHaveAttribute('src', '/api/files/7/signed?n=2'));

    // A failure with a live link is not the link's: no new one, the download stays the way.
    fireEvent.error(screen.getByLabelText('本編.mp4を再生'));
    expect(await screen.findByText('この動画はここでは再生できません。ダウンロードしてご覧ください。')).toBeInTheDocument();
    expect(links).toBe(2);
  });
});
