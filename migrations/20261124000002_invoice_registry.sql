-- The built-in invoice registry (適格請求書発行事業者) used when the NTA publication Web-API is not
-- configured: a few demo registrations in each state the bank-account form must explain. Every
-- number carries a valid check digit, so only the registry can tell them apart.
create table invoice_registrations (
    registration_number char(14) constraint invoice_registrations_pkey primary key,
    name text not null,
    -- 'personal' (個人) or 'corporate' (法人), as the NTA's kind 1 / 2.
    kind text not null constraint invoice_registrations_kind_check check (kind in ('personal', 'corporate')),
    -- false for a foreign business (NTA country 2 or 3).
    is_domestic boolean not null,
    registered_on date not null,
    expired_on date,
    cancelled_on date
);

insert into invoice_registrations (registration_number, name, kind, is_domestic, registered_on, expired_on, cancelled_on) values
    ('T7123456789012', '山田 花子', 'personal', true, '2023-10-01', null, null),
    ('T6100000000001', '佐藤 健', 'personal', true, '2023-10-01', null, null),
    ('T5100000000002', '鈴木 新', 'personal', true, '2024-04-01', null, null),
    ('T4100000000003', '中村 翔', 'personal', true, '2023-10-01', null, null),
    ('T3100000000004', '田中 一郎', 'personal', true, '2023-10-01', '2025-03-31', null),
    ('T2100000000005', '高橋 次郎', 'personal', true, '2023-10-01', null, '2024-09-30'),
    ('T1100000000006', '株式会社つむぎ編集室', 'corporate', true, '2023-10-01', null, null),
    ('T9100000000007', 'Emily Carter', 'personal', false, '2024-01-01', null, null);

-- Every change of a payee, with the month from which it pays: a change made by the 5th applies
-- to that month's payment, a later one from the next month. Money reads the payee of a month here.
create table bank_account_versions (
    id bigserial constraint bank_account_versions_pkey primary key,
    user_id bigint not null constraint bank_account_versions_user_id_fkey references users (id) on delete cascade,
    bank_id integer,
    bank_name text not null,
    bank_code text not null,
    bank_branch_id bigint,
    branch_name text not null,
    branch_code text not null,
    account_type text not null,
    account_number text not null,
    account_holder_kana text not null,
    invoice_registration_number text,
    effective_month date not null constraint bank_account_versions_effective_month_check check (extract(day from effective_month) = 1),
    created_at timestamptz not null default now()
);
create index bank_account_versions_user_id_idx on bank_account_versions (user_id, effective_month desc, id desc);

-- Accounts that exist already pay from the month they were registered in.
insert into bank_account_versions (user_id, bank_id, bank_name, bank_code, bank_branch_id, branch_name, branch_code,
        account_type, account_number, account_holder_kana, invoice_registration_number, effective_month, created_at)
select user_id, bank_id, bank_name, bank_code, bank_branch_id, branch_name, branch_code, account_type,
       account_number, account_holder_kana, invoice_registration_number,
       date_trunc('month', created_at at time zone 'Asia/Tokyo')::date, created_at
  from bank_accounts;

-- Profiles living abroad reference the overseas pseudo-prefecture (id 99, the product's own
-- code next to the JIS X 0401 ones); imports upsert by id, so the row stays.
insert into prefectures (id, name, kana) values (99, '海外', 'カイガイ') on conflict (id) do nothing;
