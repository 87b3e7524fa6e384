import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PAYEE_CARD_NOTE, UserEditPage, type ProfileOwner } from './user-edit-page';

const newbie: ProfileOwner = { id: 3, roleType: 'general', hasSkill: false, hasBankAccount: false, hasPortfolio: true, hasPossibleWork: true, hasAttribute: true };

const renderHub = (user: ProfileOwner) =>
  render(
    <MemoryRouter>
      <UserEditPage user={user} />
    </MemoryRouter>,
  );

describe('profile-edit hub', () => {
  it('shows a creator the six cards with their marks and the payee note', () => {
    renderHub(newbie);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'プロフィール',
      'ログイン情報',
      '職業・資格情報',
      'スキル・属性情報',
      '振込先情報',
      'プレビュー',
    ]);
    expect(screen.getByTestId('hub-card-skills')).toHaveAttribute('data-mark', 'missing');
    expect(within(screen.getByTestId('hub-card-skills')).getByText('未入力: スキル')).toBeInTheDocument();
    expect(screen.getByTestId('hub-card-payee')).toHaveAttribute('data-mark', 'missing');
    expect(within(screen.getByTestId('hub-card-payee')).getByText(PAYEE_CARD_NOTE)).toBeInTheDocument();
    expect(PAYEE_CARD_NOTE).toBe('5日までに口座を変更された場合は当月末のお支払いから、6日以降の変更は翌月分から反映されます。旧口座でのお振込みができない場合は運営までご連絡ください。');
    expect(screen.getByTestId('hub-card-preview')).toHaveAttribute('href', '/creators/3');
  });

  it('marks the cards complete once the flags are', () => {
    renderHub({ ...newbie, hasSkill: true, hasBankAccount: true });
    expect(screen.getByTestId('hub-card-skills')).toHaveAttribute('data-mark', 'complete');
    expect(screen.getByTestId('hub-card-payee')).toHaveAttribute('data-mark', 'complete');
    expect(screen.queryByText(/未入力/)).not.toBeInTheDocument();
  });

  it('shows a client the profile and login cards only', () => {
    renderHub({ ...newbie, roleType: 'client' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['プロフィール', 'ログイン情報']);
  });
});
