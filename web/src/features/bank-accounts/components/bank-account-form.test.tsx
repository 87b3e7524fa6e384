import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { BankAccountForm } from './bank-account-form';
import { PAYEE_NOTE, BankAccountPage } from './bank-account-page';

const MIZUHO = { id: 1, name: 'みずほ', bank_code: '0001', kana: 'ミズホ' };
const MUFG = { id: 5, name: '三菱ＵＦＪ', bank_code: '0005', kana: 'ミツビシユーエフジエイ' };
const BRANCHES = [
  { id: 1001, name: '東京営業部', bank_branch_code: '001', bank_id: 1, kana: 'トウキヨウ' },
  { id: 1004, name: '丸の内中央', bank_branch_code: '004', bank_id: 1, kana: 'マルノウチチユウオウ' },
];

const saved = {
  bank_account: {
    id: 9,
    bank_id: 1,
    bank_name: 'みずほ',
    bank_code: '0001',
    bank_branch_id: 1001,
    branch_name: '東京営業部',
    branch_code: '001',
    deposit_type: 'savings',
    number: '1234567',
    holder_kana: 'シンジン　ハナコ',
  },
  invoice: { registration_number: 'T7000012050002' },
};

function serve(post: { status: number; body: unknown }) {
  return mockApi({
    'GET /users/me/bank_accounts': { status: 404 },
    'GET /banks/often_used': { body: [MUFG, MIZUHO] },
    'GET /banks': ({ query }) => ({ body: [MIZUHO, MUFG].filter((b) => b.name.includes(query.get('keyword') ?? '')) }),
    'GET /banks/1/branches': ({ query }) => ({ body: BRANCHES.filter((b) => b.kana.includes(query.get('keyword') ?? '') || b.name.includes(query.get('keyword') ?? '')) }),
    'POST /users/me/bank_accounts': post,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

async function fillForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: '銀行' }));
  // Before typing, the often-used banks are offered.
  expect(await screen.findByRole('option', { name: '三菱ＵＦＪ（0005）' })).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox', { name: '銀行を検索' }), 'みず');
  await waitFor(() => expect(screen.queryByRole('option', { name: '三菱ＵＦＪ（0005）' })).not.toBeInTheDocument());
  await user.click(screen.getByRole('option', { name: 'みずほ（0001）' }));
  expect(screen.getByRole('combobox', { name: '銀行' })).toHaveTextContent('みずほ（0001）');

  const branch = screen.getByRole('combobox', { name: '支店' });
  expect(branch).toBeEnabled();
  await user.click(branch);
  await user.type(screen.getByRole('searchbox', { name: '支店を検索' }), 'トウキ');
  await waitFor(() => expect(screen.queryByRole('option', { name: '丸の内中央（004）' })).not.toBeInTheDocument());
  await user.click(screen.getByRole('option', { name: '東京営業部（001）' }));

  await user.click(screen.getByRole('radio', { name: '貯蓄' }));
  await user.type(screen.getByLabelText('口座番号'), '１２３４５６７');
  await user.type(screen.getByLabelText('口座名義（カナ）'), 'シンジン　ハナコ');
  await user.type(screen.getByLabelText('インボイス登録番号（任意）'), 'T7000012050002');
  await user.click(screen.getByRole('button', { name: '保存する' }));
  return user;
}

describe('bank account form', () => {
  it('finds the bank and the branch by searching and registers the account', async () => {
    const api = serve({ status: 201, body: saved });
    const onSaved = vi.fn();
    render(<BankAccountForm submitLabel="保存する" onSaved={onSaved} />);
    expect(await screen.findByRole('combobox', { name: '支店' })).toBeDisabled();
    await fillForm();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.called('POST /users/me/bank_accounts')[0].body).toEqual({
      bank_account: { bank_id: 1, bank_branch_id: 1001, deposit_type: 'savings', number: '1234567', holder_kana: 'シンジン　ハナコ' },
      invoice: { registration_number: 'T7000012050002' },
    });
    expect(api.called('GET /banks')[0].query.get('keyword')).toBe('み');
  });

  it('shows each rule of a 422 in Japanese by its field', async () => {
    serve({
      status: 422,
      body: {
        error: {
          message: '入力内容に誤りがあります',
          rules: {
            'bank_account.number': ['digits:7'],
            'bank_account.holder_kana': ['katakana'],
            'invoice.registration_number': ['invoice_check_digit'],
          },
        },
      },
    });
    const onSaved = vi.fn();
    render(<BankAccountForm submitLabel="保存する" onSaved={onSaved} />);
    await fillForm();
    expect(await screen.findByLabelText('口座番号')).toHaveAccessibleDescription(expect.stringContaining('7桁の半角数字で入力してください'));
    expect(screen.getByLabelText('口座名義（カナ）')).toHaveAccessibleDescription(expect.stringContaining('全角カタカナで入力してください'));
    expect(screen.getByLabelText('インボイス登録番号（任意）')).toHaveAccessibleDescription(expect.stringContaining('登録番号が正しくありません'));
    expect(screen.getByLabelText('口座番号')).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('starts from the saved account and shows the payee rule', async () => {
    mockApi({ 'GET /users/me/bank_accounts': { body: saved }, 'GET /banks/often_used': { body: [] }, 'GET /banks/1/branches': { body: [] } });
    render(<BankAccountPage title="振込先情報" submitLabel="保存する" creator onSaved={() => undefined} />);
    expect(screen.getByText(PAYEE_NOTE)).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: '銀行' })).toHaveTextContent('みずほ（0001）');
    expect(screen.getByRole('combobox', { name: '支店' })).toHaveTextContent('東京営業部（001）');
    expect(screen.getByLabelText('口座番号')).toHaveValue('1234567');
    expect(screen.getByRole('radio', { name: '貯蓄' })).toBeChecked();
    expect(screen.getByLabelText('インボイス登録番号（任意）')).toHaveValue('T7000012050002');
  });
});
