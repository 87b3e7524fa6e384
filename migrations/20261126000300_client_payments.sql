-- Client usage and media payments (issue 13): what the staff bill a client company for one
-- medium's month and where that bill stands. The usage itself (done tasks and option payments)
-- is read live (clients::payments); only the billing is stored.

create table media_payments (
    id bigserial constraint media_payments_pkey primary key,
    media_id bigint not null constraint media_payments_media_id_fkey references media (id) on delete cascade,
    -- The first day of the billed month.
    month date not null constraint media_payments_month_check check (extract(day from month) = 1),
    status text not null default 'unbilled'
        constraint media_payments_status_check check (status in ('unbilled', 'billed', 'paid')),
    -- Integer yen including consumption tax; set once billed (what the invoice says).
    billed_amount bigint constraint media_payments_billed_amount_check check (billed_amount >= 0),
    invoiced_on date,
    paid_on date,
    -- Shown to the client beside the status.
    note text not null default '',
    updated_by bigint constraint media_payments_updated_by_fkey references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint media_payments_media_month_key unique (media_id, month),
    -- A bill has an amount and an invoice date; only a paid bill has a payment date.
    constraint media_payments_billed_check
        check ((status = 'unbilled') = (billed_amount is null) and (status = 'unbilled') = (invoiced_on is null)),
    constraint media_payments_paid_check check ((status = 'paid') = (paid_on is not null)),
    constraint media_payments_dates_check check (paid_on is null or paid_on >= invoiced_on)
);

-- Every change of a media payment, as it was written (who and when), append-only.
create table media_payment_changes (
    id bigserial constraint media_payment_changes_pkey primary key,
    media_payment_id bigint not null
        constraint media_payment_changes_media_payment_id_fkey references media_payments (id) on delete cascade,
    status text not null,
    billed_amount bigint,
    invoiced_on date,
    paid_on date,
    note text not null,
    changed_by bigint constraint media_payment_changes_changed_by_fkey references users (id) on delete set null,
    changed_at timestamptz not null default now()
);
create index media_payment_changes_payment_idx on media_payment_changes (media_payment_id, changed_at);

-- A client's usage is found by medium and completed date; option payments by medium and month
-- already have media_option_payments_media_id_idx.
create index tasks_done_work_completed_idx on tasks (work_id, completed_date) where status = 'done' and not is_invalid;
