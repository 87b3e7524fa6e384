import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { CreatorPage } from './creator-page';

const publicDetail = {
  id: 7,
  user_name: '青木 葵',
  role_type: 'general',
  image_file: null,
  work_status: 'accepting',
  prefecture: { id: 13, name: '東京都' },
  age_band: 'early_twenties',
  profile_text: 'グルメ記事を書いています。',
  skills: [{ genre_group: { id: 1, name: '記事・コンテンツ分野' }, genres: [{ id: 1, name: 'グルメ' }], detail: '食べ歩き' }],
  portfolio: null,
  possible_works: [],
  languages: [{ id: 1, level: 3 }],
  socials: [],
  can_open_image_type: null,
  available_time_slot: '平日夜',
  can_write_memo: true,
  can_read_client_memos: false,
  can_write_manager_memo: false,
  can_read_combinations: false,
  can_edit_combinations: false,
  can_edit_tags: false,
  can_read_tasks: true,
};

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <CreatorPage creatorId={7} />
    </MemoryRouter>,
  );

describe('CreatorPage', () => {
  it('shows a client the public profile and only their own memo', async () => {
    mockApi({
      'GET /creators/7': { body: publicDetail },
      'GET /creators/7/memo': { body: { user_id: 7, memos: [] } },
    });
    renderPage();
    expect(await screen.findByTestId('profile-text')).toHaveTextContent('グルメ記事を書いています。');
    expect(screen.getByTestId('creator-header')).toHaveTextContent('東京都・20代前半');
    expect(screen.getByTestId('skills')).toHaveTextContent('グルメ');
    expect(await screen.findByRole('textbox', { name: 'メモ' })).toBeInTheDocument();
    expect(screen.queryByTestId('private-info')).toBeNull();
    expect(screen.queryByTestId('manager-memo')).toBeNull();
    expect(screen.queryByTestId('combinations')).toBeNull();
    expect(screen.queryByTestId('search-tags')).toBeNull();
  });

  it('shows staff the registered details and their editors', async () => {
    mockApi({
      'GET /creators/7': {
        body: {
          ...publicDetail,
          mail_address: 'aoki@example.jp',
          last_name: '青木',
          first_name: '葵',
          last_name_kana: 'アオキ',
          first_name_kana: 'アオイ',
          phone_number: '09012345678',
          birthday: '2003-04-05',
          account_status: 'active',
          can_write_memo: false,
          can_read_client_memos: true,
          can_write_manager_memo: true,
          can_read_combinations: true,
          can_edit_combinations: true,
          can_edit_tags: true,
        },
      },
      'GET /creators/7/manager_memo': { body: { user_id: 7, memo: '医療案件は避ける', updated_by: { id: 5, user_name: '田中 美咲' }, updated_at: '2026-11-24T01:00:00Z' } },
      'GET /creators/7/memo': { body: { user_id: 7, memos: [] } },
      'GET /creators/7/combinations': { body: { user_id: 7, users: [] } },
      'GET /creators/7/search_tags': { body: [] },
      'GET /search_tags': { body: [{ id: 1, name: 'SEO に強い' }] },
      'GET /users': { body: { users: [] } },
    });
    renderPage();
    expect(await screen.findByTestId('private-info')).toHaveTextContent('aoki@example.jp');
    expect(await screen.findByRole('textbox', { name: '運営メモ' })).toHaveValue('医療案件は避ける');
    expect(screen.getByTestId('manager-memo')).toHaveTextContent('最終更新: 田中 美咲');
    expect(await screen.findByRole('button', { name: 'NG組み合わせを保存' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'SEO に強い' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'メモ' })).toBeNull();
  });
});
