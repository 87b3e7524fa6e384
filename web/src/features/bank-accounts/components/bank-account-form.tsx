/** The payee form: bank and branch picked from the master list by searching, deposit type, number, holder name and the optional invoice number. */
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { ErrorText } from '@/components/page';
import { RadioCards } from '@/components/radio-cards';
import { Select, type SelectOption } from '@/components/select';
import { TextField } from '@/components/text-field';
import { ruleMessage, ValidationError } from '@/lib/errors';
import { toHalfWidthDigits } from '@/lib/format';
import { useBankAccounts } from '../store';
import type { Bank, BankAccountDetail, BankBranch, DepositType } from '../types';

const DEPOSIT_TYPES: { value: DepositType; label: string }[] = [
  { value: 'ordinary', label: '普通' },
  { value: 'current', label: '当座' },
  { value: 'savings', label: '貯蓄' },
];

/** The server's field names, each shown by its control. */
const FIELDS = {
  bank: 'bank_account.bank_id',
  branch: 'bank_account.bank_branch_id',
  depositType: 'bank_account.deposit_type',
  number: 'bank_account.number',
  holder: 'bank_account.holder_kana',
  invoice: 'invoice.registration_number',
} as const;
const SHOWN_BY_FIELDS: string[] = Object.values(FIELDS);

const Actions = styled.div`
  margin-top: 24px;
`;

const PaysFrom = styled.p`
  margin: 0 0 16px;
  font-size: 14px;
`;

/** `2026-12-01` as 2026年12月. */
const monthLabel = (day: string): string => {
  const [year, month] = day.split('-');
  return `${year}年${Number(month)}月`;
};

const bankOption = (bank: Pick<Bank, 'id' | 'name' | 'bankCode'>): SelectOption => ({ value: String(bank.id), label: `${bank.name}（${bank.bankCode}）` });
const branchOption = (branch: Pick<BankBranch, 'id' | 'name' | 'bankBranchCode'>): SelectOption => ({
  value: String(branch.id),
  label: `${branch.name}（${branch.bankBranchCode}）`,
});

/** The search results, with the chosen option kept so its name stays on the control. */
const withChosen = (options: SelectOption[], chosen: SelectOption | null): SelectOption[] =>
  chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;

interface Draft {
  bank: SelectOption | null;
  branch: SelectOption | null;
  depositType: DepositType;
  number: string;
  holderKana: string;
  invoiceNumber: string;
}

const emptyDraft: Draft = { bank: null, branch: null, depositType: 'ordinary', number: '', holderKana: '', invoiceNumber: '' };

function draftOf(detail: BankAccountDetail | null): Draft {
  if (!detail) return emptyDraft;
  const a = detail.bankAccount;
  return {
    bank: a.bankId === null ? null : bankOption({ id: a.bankId, name: a.bankName, bankCode: a.bankCode }),
    branch: a.bankBranchId === null ? null : branchOption({ id: a.bankBranchId, name: a.branchName, bankBranchCode: a.branchCode }),
    depositType: a.depositType,
    number: a.number,
    holderKana: a.holderKana,
    invoiceNumber: detail.invoice.registrationNumber ?? '',
  };
}

interface Props {
  submitLabel: string;
  /** After a successful save. */
  onSaved: () => void;
}

export function BankAccountForm({ submitLabel, onSaved }: Props) {
  const { mine, mineLoaded, banks, branches, write, fetchMine, searchBanks, searchBranches, save } = useBankAccounts();
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    void fetchMine();
    void searchBanks('');
  }, [fetchMine, searchBanks]);
  // The form starts from the saved account once it is known (empty when there is none).
  const loaded = mineLoaded && !mine.loading;
  const form = draft ?? (loaded ? draftOf(mine.data) : null);
  const bankId = form?.bank ? Number(form.bank.value) : null;
  useEffect(() => {
    if (bankId !== null) void searchBranches(bankId, '');
  }, [bankId, searchBranches]);

  if (!form) return <ErrorAlert error={mine.error} />;
  const change = (patch: Partial<Draft>) => setDraft({ ...form, ...patch });

  const rules = write.error instanceof ValidationError ? write.error.rules : {};
  const fieldError = (field: string) => rules[field]?.map(ruleMessage).join(' ') || null;
  const otherLines = Object.entries(rules)
    .filter(([field]) => !SHOWN_BY_FIELDS.includes(field))
    .flatMap(([, list]) => list.map(ruleMessage));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await save({
      bankAccount: {
        bankId,
        bankBranchId: form.branch ? Number(form.branch.value) : null,
        depositType: form.depositType,
        number: toHalfWidthDigits(form.number.trim()),
        holderKana: form.holderKana.trim(),
      },
      invoice: { registrationNumber: form.invoiceNumber.trim() || null },
    });
    if (ok) onSaved();
  };

  return (
    <form onSubmit={submit} noValidate>
      <ErrorAlert error={mine.error ?? write.error} lines={otherLines} />
      {mine.data?.paysFrom && <PaysFrom role="status">登録中の口座は{monthLabel(mine.data.paysFrom)}分のお支払いから使われます。</PaysFrom>}
      <Select
        label="銀行"
        required
        placeholder="銀行名・銀行コードで検索"
        options={withChosen(banks.data.map(bankOption), form.bank)}
        value={form.bank?.value ?? ''}
        onSearch={(keyword) => void searchBanks(keyword)}
        onChange={(value) => {
          const bank = banks.data.find((b) => String(b.id) === value);
          change({ bank: bank ? bankOption(bank) : null, branch: null });
        }}
        hint="「みずほ」「ゆうちょ」のように入力すると候補が表示されます"
        error={fieldError(FIELDS.bank)}
      />
      <Select
        label="支店"
        required
        placeholder={form.bank ? '支店名・支店コードで検索' : '先に銀行を選択してください'}
        disabled={!form.bank}
        options={withChosen(bankId === null ? [] : branches.data.filter((b) => b.bankId === bankId).map(branchOption), form.branch)}
        value={form.branch?.value ?? ''}
        onSearch={(keyword) => bankId !== null && void searchBranches(bankId, keyword)}
        onChange={(value) => {
          const branch = branches.data.find((b) => String(b.id) === value);
          change({ branch: branch ? branchOption(branch) : null });
        }}
        error={fieldError(FIELDS.branch)}
      />
      <RadioCards legend="預金種目" options={DEPOSIT_TYPES} value={form.depositType} onChange={(value) => change({ depositType: value as DepositType })} minCardWidth={100} />
      {fieldError(FIELDS.depositType) && <ErrorText role="alert">{fieldError(FIELDS.depositType)}</ErrorText>}
      <TextField
        label="口座番号"
        required
        inputMode="numeric"
        autoComplete="off"
        value={form.number}
        onChange={(e) => change({ number: e.target.value })}
        onBlur={() => change({ number: toHalfWidthDigits(form.number.trim()) })}
        hint="7桁の数字（全角で入力しても半角に変換されます）"
        error={fieldError(FIELDS.number)}
      />
      <TextField
        label="口座名義（カナ）"
        required
        autoComplete="off"
        value={form.holderKana}
        onChange={(e) => change({ holderKana: e.target.value })}
        hint="通帳に記載のとおり全角カタカナで入力してください（例: ヤマダ　タロウ）"
        error={fieldError(FIELDS.holder)}
      />
      <TextField
        label="インボイス登録番号（任意）"
        autoComplete="off"
        placeholder="T1234567890123"
        value={form.invoiceNumber}
        onChange={(e) => change({ invoiceNumber: e.target.value })}
        hint="適格請求書発行事業者の登録番号（Tから始まる13桁の数字）。国税庁の公表情報と氏名・居住国・個人/法人の区分を照合します。登録していない場合は空欄のままにしてください"
        error={fieldError(FIELDS.invoice)}
      />
      <Actions>
        <Button type="submit" $variant="primary" disabled={write.loading}>
          {submitLabel}
        </Button>
      </Actions>
    </form>
  );
}
