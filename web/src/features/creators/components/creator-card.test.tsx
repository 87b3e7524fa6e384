import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CreatorCard as Card } from '../types';
import { CreatorCard } from './creator-card';

const card: Card = {
  id: 42,
  userName: '青木 葵',
  imageFile: null,
  workStatus: 'accepting',
  prefectureName: '東京都',
  ageBand: 'early_twenties',
  genres: ['グルメ', 'ラーメン'],
  tags: [{ id: 3, name: 'SEO に強い' }],
};

describe('CreatorCard', () => {
  it('shows the public fields and links to the creator page', () => {
    render(
      <MemoryRouter>
        <ul>
          <CreatorCard creator={card} />
        </ul>
      </MemoryRouter>,
    );
    const item = screen.getByTestId('creator-card');
    expect(within(item).getByRole('link', { name: '青木 葵' })).toHaveAttribute('href', '/creators/42');
    expect(within(item).getByTestId('work-status')).toHaveTextContent('受付中');
    expect(item).toHaveTextContent('東京都・20代前半');
    expect(item).toHaveTextContent('ジャンル: グルメ、ラーメン');
    expect(item).toHaveTextContent('#SEO に強い');
  });

  it('renders nothing private even when a record carries more than the card needs', () => {
    const leaked = { ...card, mailAddress: 'aoki@example.jp', birthday: '2003-04-05', phoneNumber: '09012345678', chatworkId: 'cw-secret' };
    render(
      <MemoryRouter>
        <ul>
          <CreatorCard creator={leaked} />
        </ul>
      </MemoryRouter>,
    );
    const text = screen.getByTestId('creator-card').textContent ?? '';
    for (const secret of ['aoki@example.jp', '2003', '09012345678', 'cw-secret']) expect(text).not.toContain(secret);
  });

  it('says when prefecture and age are not registered', () => {
    render(
      <MemoryRouter>
        <ul>
          <CreatorCard creator={{ ...card, prefectureName: null, ageBand: null, tags: [], genres: [] }} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('creator-card')).toHaveTextContent('所在地・年代は未登録');
  });
});
