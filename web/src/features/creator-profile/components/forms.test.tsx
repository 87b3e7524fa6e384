import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { AttributesForm } from './attributes-form';
import { PossibleWorksForm } from './possible-works-form';
import { SkillForm } from './skill-form';

const GENRES = [
  { id: 1, name: '記事・コンテンツ分野', genres: [{ id: 1, name: 'グルメ' }, { id: 2, name: '旅行・観光' }] },
  { id: 2, name: '制作・編集スキル', genres: [{ id: 21, name: '取材・インタビュー' }] },
];

// Typing into many fields takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

describe('skill form', () => {
  it('asks for at least one genre before sending, then saves groups with child genres', async () => {
    const api = mockApi({
      'GET /genres': { body: GENRES },
      'GET /genre_groups/1/child_genres': { body: { '1': [{ id: 101, name: 'ラーメン' }] } },
      'GET /genre_groups/2/child_genres': { body: {} },
      'GET /users/me/skills': { body: { genre_groups: [] } },
      'PUT /users/me/skills': ({ body }) => ({ body }),
    });
    const onSaved = vi.fn();
    render(<SkillForm submitLabel="次へ" onSaved={onSaved} />);
    await userEvent.click(await screen.findByRole('button', { name: '次へ' }));
    expect(await screen.findByText('1つ以上選択してください')).toBeInTheDocument();
    expect(api.called('PUT /users/me/skills')).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'グルメ' }));
    await userEvent.click(within(await screen.findByRole('group', { name: 'グルメの小ジャンル' })).getByRole('checkbox', { name: 'ラーメン' }));
    await userEvent.type(screen.getByLabelText('制作・編集スキルの詳細（任意）'), 'インタビュー記事');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.called('PUT /users/me/skills')[0].body).toEqual({
      genre_groups: [
        { id: 1, genre_ids: [1, 101], detail: '' },
        { id: 2, genre_ids: [], detail: 'インタビュー記事' },
      ],
    });
  });

  it('shows the server rules by the group and its note', async () => {
    mockApi({
      'GET /genres': { body: GENRES },
      'GET /users/me/skills': { body: { genre_groups: [{ id: 1, genre_ids: [2], detail: '' }] } },
      'PUT /users/me/skills': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { 'genre_groups.1': ['exists'], 'genre_detail.2': ['max:1000'] } } } },
    });
    const onSaved = vi.fn();
    render(<SkillForm submitLabel="保存する" onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '旅行・観光' })).toBeChecked());
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByLabelText('制作・編集スキルの詳細（任意）')).toHaveAccessibleDescription(expect.stringContaining('1000文字以内で入力してください'));
    expect(within(screen.getByTestId('genre-group-1')).getByRole('alert')).toHaveTextContent('選択したジャンルを確認してください');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('possible works form', () => {
  it('needs one work type and puts an achievement error on its work', async () => {
    mockApi({
      'GET /possible_works': { body: [{ id: 'writing', work_name: '執筆' }, { id: 'planning', work_name: '企画' }] },
      'GET /users/me/possible_works': { body: [] },
      'PUT /users/me/possible_works': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { workplanning: ['max:500'] } } } },
    });
    render(<PossibleWorksForm onSaved={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: '保存する' }));
    expect(await screen.findByText('1つ以上選択してください')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '企画' }));
    await userEvent.type(screen.getByLabelText('企画の実績（任意）'), '特集の企画');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByLabelText('企画の実績（任意）')).toHaveAccessibleDescription(expect.stringContaining('500文字以内で入力してください'));
  });
});

describe('attributes form', () => {
  it('checks a child row before sending and creates the attributes the first time', async () => {
    const api = mockApi({
      'GET /users/me/attributes': { status: 404 },
      'POST /users/me/attributes': ({ body }) => ({ status: 201, body: { id: 1, ...(body as object), children: [], languages: [], socials: [], annual_income: null, household_income: null } }),
    });
    const onSaved = vi.fn();
    render(<AttributesForm onSaved={onSaved} />);
    await userEvent.click(await screen.findByRole('button', { name: '＋ お子さまを追加' }));
    await userEvent.type(screen.getByLabelText('1人目の生まれ年'), '２９９９');
    await userEvent.type(screen.getByLabelText('1人目の生まれ月'), '4');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByLabelText('1人目の生まれ年')).toHaveAccessibleDescription(expect.stringContaining('正しい日付を入力してください'));
    expect(screen.getByRole('combobox', { name: '1人目の性別' })).toHaveAccessibleDescription(expect.stringContaining('必須項目です'));
    expect(api.called('POST /users/me/attributes')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('1人目の生まれ年'));
    await userEvent.type(screen.getByLabelText('1人目の生まれ年'), '2018');
    await userEvent.click(screen.getByRole('combobox', { name: '1人目の性別' }));
    await userEvent.click(screen.getByRole('option', { name: '女の子' }));
    await userEvent.click(screen.getByRole('combobox', { name: '英語' }));
    await userEvent.click(screen.getByRole('option', { name: 'レベル3（ビジネス会話）' }));
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const body = api.called('POST /users/me/attributes')[0].body as Record<string, unknown>;
    expect(body.children).toEqual([{ year: '2018', month: '4', sex_type: 'female' }]);
    expect(body.languages).toEqual([{ id: 1, level: 3 }]);
    expect(body.married_type).toBe('unanswered');
  });

  it('shows the server rules of a child row and a language level', async () => {
    mockApi({
      'GET /users/me/attributes': {
        body: {
          id: 1, available_time_slot: '', married_type: 'married', divorce_history_type: 'unanswered', can_open_image_type: 'unanswered',
          families_type: 'unanswered', children: [{ birthday: '2018-04', year: 2018, month: 4, sex_type: 'male' }], publish_information: false,
          annual_income: { id: 3 }, household_income: null, chatwork_id: '', languages: [{ id: 2, level: 2 }], socials: [],
        },
      },
      'PUT /users/me/attributes': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { 'children0.sex_type': ['in:male,female,other'], language_level2: ['between:1,5'] } } } },
    });
    render(<AttributesForm onSaved={vi.fn()} />);
    expect(await screen.findByLabelText('1人目の生まれ年')).toHaveValue('2018');
    expect(screen.getByRole('combobox', { name: '年収' })).toHaveTextContent('400〜600万円');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByRole('combobox', { name: '韓国語' })).toHaveAccessibleDescription(expect.stringContaining('レベルを選択してください'));
    expect(screen.getByRole('combobox', { name: '1人目の性別' })).toHaveAccessibleDescription(expect.stringContaining('選択肢から選んでください'));
  });
});
