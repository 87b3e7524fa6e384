import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { big, MB, started, stored } from '@/test/fake-uploads';
import { mockApi } from '@/test/mock-api';
import { ChangePasswordPage } from './recovery-pages';
import { SignupPage, SignupProfilePage } from './signup-pages';
import { MailFrequenciesPage, ProfileEditPage } from './user-edit-pages';

const PREFECTURES = [
  { id: 1, name: '北海道' },
  { id: 13, name: '東京都' },
  { id: 99, name: '海外' },
];

vi.mock('@/lib/resumable-upload', () => import('@/test/fake-uploads'));

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
  started.length = 0;
});

describe('account forms', () => {
  it('shows a registered address next to the field', async () => {
    mockApi({ 'POST /signup': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { mail_address: ['unique'] } } } } });
    const onSent = vi.fn();
    render(
      <MemoryRouter>
        <SignupPage onSent={onSent} />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('メールアドレス'), 'creator@demo.tsumugi.jp');
    await userEvent.click(screen.getByRole('button', { name: '登録用URLを送信' }));
    expect(await screen.findByText('既に登録されています')).toBeInTheDocument();
    expect(screen.getByLabelText('メールアドレス')).toHaveAttribute('aria-invalid', 'true');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('fills the prefecture and city from 7 postal digits and maps server rules onto the profile fields', async () => {
    const api = mockApi({
      'GET /signup/profile': { body: { mail_address: 'new@example.jp', company_name: null } },
      'GET /prefectures': { body: PREFECTURES },
      'GET /postal_codes/1000005': { body: { postal_code: '1000005', addresses: [{ prefecture_id: 13, prefecture_name: '東京都', city: '千代田区', town: '丸の内' }] } },
      'POST /signup/profile': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { first_name_kana: ['katakana'], phone_number: ['digits_between:10,11'] } } } },
    });
    render(
      <MemoryRouter>
        <SignupProfilePage token="t0ken" onSignedUp={vi.fn()} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('profile-mail-address')).toHaveTextContent('new@example.jp');
    // The whole code typed into the first box is split after its 3rd digit and looked up.
    await userEvent.type(screen.getByLabelText('郵便番号（前半3桁）'), '1000005');
    await waitFor(() => expect(screen.getByLabelText('市区町村・町名')).toHaveValue('千代田区丸の内'));
    expect(screen.getByLabelText('郵便番号（前半3桁）')).toHaveValue('100');
    expect(screen.getByLabelText('郵便番号（後半4桁）')).toHaveValue('0005');
    expect(screen.getByRole('combobox', { name: '都道府県' })).toHaveTextContent('東京都');

    // Overseas shows the placeholder instead of the Japanese address.
    await userEvent.click(screen.getByText('海外'));
    expect(screen.getByTestId('overseas-postal-code')).toHaveTextContent('000-0000');
    await userEvent.click(screen.getByText('日本'));

    // Submitting empty says what is missing, without asking the server.
    await userEvent.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findAllByText('必須項目です')).not.toHaveLength(0);
    expect(screen.getByText('同意する場合は選択してください')).toBeInTheDocument();
    expect(api.called('POST /signup/profile')).toHaveLength(0);

    const type = (label: string, text: string) => userEvent.type(screen.getByLabelText(label), text);
    await type('姓', '新山');
    await type('名', '花子');
    await type('セイ', 'ニイヤマ');
    await type('メイ', 'ハナコ');
    await type('表示名', 'はなこ');
    await type('電話番号', '09012345678');
    await userEvent.click(screen.getByText('女性'));
    for (const [label, option] of [['生まれた年', '1990'], ['生まれた月', '4'], ['生まれた日', '1']]) {
      await userEvent.click(screen.getByRole('combobox', { name: label }));
      await userEvent.click(screen.getByRole('option', { name: option }));
    }
    await type('番地', '1-1-1');
    await userEvent.click(screen.getByRole('button', { name: 'パスワードを自動生成' }));
    // No generator route in this fake API: the failure is said, and the password is typed instead.
    expect(await screen.findByText('パスワードの自動生成に失敗しました')).toBeInTheDocument();
    await type('パスワード', 'Tsumugi2026');
    await type('パスワード（確認）', 'Tsumugi2026');
    await userEvent.click(screen.getByLabelText('利用規約とプライバシーポリシーに同意する'));
    await userEvent.click(screen.getByRole('button', { name: '登録する' }));

    expect(await screen.findByText('全角カタカナで入力してください')).toBeInTheDocument();
    expect(screen.getByText('桁数を確認してください')).toBeInTheDocument();
    const [sent] = api.called('POST /signup/profile');
    expect(sent.body).toMatchObject({
      token: 't0ken',
      prefecture_id: 13,
      postal_code_first: '100',
      postal_code_last: '0005',
      city_address: '千代田区丸の内',
      birthday: { year: 1990, month: 4, day: 1 },
      accept: true,
    });
  }, 30_000);

  it('turns a used link into the dead-link notice', async () => {
    mockApi({ 'POST /change_password': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { token: ['jwt'] } } } } });
    render(
      <MemoryRouter>
        <ChangePasswordPage token="used" onChanged={vi.fn()} />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('新しいパスワード'), 'Tsumugi2026');
    await userEvent.type(screen.getByLabelText('新しいパスワード（確認）'), 'Tsumugi2026');
    await userEvent.click(screen.getByRole('button', { name: 'パスワードを変更する' }));
    expect(await screen.findByTestId('dead-link')).toHaveTextContent('URLの有効期限が切れているか、無効です。');
    expect(screen.getByRole('link', { name: '再設定をやり直す' })).toHaveAttribute('href', '/account_recovery');
  });

  it('edits the saved profile (and its image, through the resumable uploader) without looking its postal code up again', async () => {
    const saved = {
      id: 3,
      mail_address: 'creator@demo.tsumugi.jp',
      account_type: 'personal',
      company_name: '',
      representative_name: '',
      last_name: '山田',
      first_name: '花子',
      last_name_kana: 'ヤマダ',
      first_name_kana: 'ハナコ',
      user_name: '山田 花子',
      image_file: null,
      sex: 'female',
      birthday: { year: 1992, month: 4, day: 12 },
      phone_number: '0312345678',
      prefecture_id: 13,
      postal_code_first: '100',
      postal_code_last: '0005',
      city_address: '千代田区丸の内',
      street_address: '1-1-1',
      building_name: '',
    };
    const api = mockApi({
      'GET /users/me': { body: saved },
      'GET /prefectures': { body: PREFECTURES },
      'PUT /users/me': ({ body }) => ({ body: { ...saved, ...(body as object) } }),
    });
    const onSaved = vi.fn();
    render(
      <MemoryRouter>
        <ProfileEditPage title="プロフィール" creator onSaved={onSaved} />
      </MemoryRouter>,
    );
    const city = await screen.findByLabelText('市区町村・町名');
    expect(city).toHaveValue('千代田区丸の内');
    expect(screen.getByRole('combobox', { name: '生まれた年' })).toHaveTextContent('1992');
    await userEvent.clear(screen.getByLabelText('表示名'));
    await userEvent.type(screen.getByLabelText('表示名'), 'はなこ');
    // A new image: saving waits while it is on its way, then sends its file id.
    expect(screen.getByText('まだ設定されていません。')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('新しいプロフィール画像'), big('顔.png', 2 * MB, 'image/png'));
    expect(started[0].use).toBe('profile_image');
    expect(screen.getByRole('button', { name: '保存する' })).toBeDisabled();
    act(() => started[0].callbacks.onSuccess(stored(55, '顔.png', 'clean', 'image/png')));
    expect(screen.getByRole('img', { name: 'プロフィール画像' })).toHaveAttribute('src', '/api/images/files/55?width=128');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.called('PUT /users/me')[0].body).toMatchObject({ user_name: 'はなこ', city_address: '千代田区丸の内', prefecture_id: 13, birthday: { year: 1992, month: 4, day: 12 }, image_file_id: 55 });
    expect(api.calls.some((call) => call.path.startsWith('/postal_codes'))).toBe(false);
  }, 15_000);

  it('asks the browser for notifications only when the button is pressed, and saves the switch with the frequencies', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const api = mockApi({
      'GET /users/me/mail_frequencies': { body: { message: 'immediately', task: 'daily', information: 'none', browser_notification: true } },
      'PUT /users/me/mail_frequencies': ({ body }) => ({ body }),
    });
    render(<MailFrequenciesPage title="メール通知設定" onSaved={() => {}} />);
    const toggle = await screen.findByRole('checkbox', { name: /ブラウザで通知する/ });
    expect(toggle).toBeChecked();
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'このブラウザで通知を許可する' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('このブラウザでの通知は許可されています。')).toBeInTheDocument();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(api.called('PUT /users/me/mail_frequencies')).toHaveLength(1));
    expect(api.called('PUT /users/me/mail_frequencies')[0].body).toEqual({ message: 'immediately', task: 'daily', information: 'none', browser_notification: false });
  });
});
