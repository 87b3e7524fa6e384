import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIso } from '@/lib/calendar';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import type { MediaPayment } from '../types';
import { parseYen } from '../schema';
import { MediaPaymentForm } from './media-payment-form';

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

const unbilled: MediaPayment = {
  mediaId: 3,
  mediaName: 'デモマガジン',
  clientId: 7,
  year: 2026,
  month: 10,
  status: 'unbilled',
  billedAmount: null,
  invoicedOn: null,
  paidOn: null,
  note: '',
  updatedByName: null,
  updatedAt: null,
};

function renderForm(onSaved = vi.fn(), disabled = false) {
  render(<MediaPaymentForm mediaId={3} year={2026} month={10} payment={unbilled} computedTotal={13_205} disabled={disabled} onSaved={onSaved} />);
  return onSaved;
}

describe('the bill form', () => {
  it('reads typed yen as whole numbers only', () => {
    expect(parseYen('１３,２０５')).toBe(13_205);
    expect(parseYen(' ')).toBeNull();
    expect(parseYen('1.5')).toBe('invalid');
    expect(parseYen('-1')).toBe('invalid');
  });

  it('bills the month from today with the typed amount and a note', async () => {
    const api = mockApi({ 'PUT /admin/clients/media/3/payments': ({ body }) => ({ body: { ...unbilled, ...(body as object), status: 'billed' } }) });
    const onSaved = renderForm();
    const user = userEvent.setup();
    expect(screen.queryByLabelText(/ご請求額/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: '請求済' }));
    expect(screen.getByText('空欄のときは計算額 13,205円 を請求額にします')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/ご請求額/), '１３,０００');
    await user.type(screen.getByLabelText(/備考/), '10月分を請求しました');
    await user.click(screen.getByRole('button', { name: '支払い状況を更新' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.calls[0].body).toEqual({
      year: 2026,
      month: 10,
      status: 'billed',
      billed_amount: 13_000,
      invoiced_on: todayIso(),
      note: '10月分を請求しました',
    });
  });

  it('shows each refused rule in Japanese next to its label', async () => {
    mockApi({
      'PUT /admin/clients/media/3/payments': {
        status: 422,
        body: { error: { message: '入力内容に誤りがあります。', rules: { paid_on: ['after_or_equal:invoiced_on'], billed_amount: ['gte:0'] } } },
      },
    });
    const onSaved = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '入金済' }));
    await user.click(screen.getByRole('button', { name: '支払い状況を更新' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('入金日: 請求日以降の日付を入力してください');
    expect(alert).toHaveTextContent('ご請求額: 0円以上で入力してください');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('is read-only for those who may not update', () => {
    renderForm(vi.fn(), true);
    expect(screen.getByRole('button', { name: '支払い状況を更新' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '請求済' })).toBeDisabled();
  });
});
