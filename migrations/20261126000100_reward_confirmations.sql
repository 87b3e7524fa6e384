-- Reward confirmation (issue 13): staff close a month and every creator's statement of that
-- month is stored as it stands, never recomputed. Payments, transfer files and purchase orders
-- read these rows; a task edited afterwards does not change them.
--
-- A task is paid once: a task on a confirmed statement is left out of every later month's
-- live statement too, even if its completed date is moved (money::rewards::db).

create table reward_confirmations (
    id bigserial constraint reward_confirmations_pkey primary key,
    -- The first day of the confirmed month.
    month date not null constraint reward_confirmations_month_key unique
        constraint reward_confirmations_month_check check (extract(day from month) = 1),
    confirmed_by bigint constraint reward_confirmations_confirmed_by_fkey references users (id) on delete set null,
    confirmed_at timestamptz not null default now(),
    statement_count integer not null,
    -- Σ total_reward_amount of the month's statements (what leaves the bank).
    total_reward_amount bigint not null
);

create table reward_statements (
    id bigserial constraint reward_statements_pkey primary key,
    confirmation_id bigint not null constraint reward_statements_confirmation_id_fkey references reward_confirmations (id),
    user_id bigint not null constraint reward_statements_user_id_fkey references users (id),
    month date not null,
    -- The payee as it was: personal or corporate, resident or not, the name paid.
    account_type text not null,
    resides_abroad boolean not null,
    payee_name text not null,
    subtotal_reward_amount bigint not null,
    consumption_tax_rate_bp integer not null,
    consumption_tax bigint not null,
    reduced_withholding_rate_bp integer,
    withholding_tax bigint not null,
    usage_fee_rate_bp integer not null,
    usage_fee bigint not null,
    total_reward_amount bigint not null,
    -- The bank account of the month (bank_accounts::payee_for_month); null when the creator had
    -- none, and then the transfer file leaves them out and the payments tab shows them.
    bank_code text,
    bank_name text,
    branch_code text,
    branch_name text,
    deposit_type text,
    account_number text,
    account_holder_kana text,
    invoice_registration_number text,
    constraint reward_statements_user_month_key unique (user_id, month),
    constraint reward_statements_confirmation_user_key unique (confirmation_id, user_id),
    constraint reward_statements_total_check
        check (total_reward_amount = subtotal_reward_amount + consumption_tax - withholding_tax - usage_fee)
);
create index reward_statements_month_idx on reward_statements (month);

create table reward_statement_lines (
    confirmation_id bigint not null,
    user_id bigint not null,
    -- Not a foreign key: the task may be edited or removed later; the line keeps what was paid.
    task_id bigint not null constraint reward_statement_lines_pkey primary key,
    title text not null,
    task_type text not null,
    completed_date date,
    reward_amount bigint not null,
    media_id bigint not null,
    media_name text not null,
    client_id bigint,
    project_name text not null,
    work_name text not null,
    constraint reward_statement_lines_statement_fkey foreign key (confirmation_id, user_id)
        references reward_statements (confirmation_id, user_id) deferrable initially deferred
);
create index reward_statement_lines_statement_idx on reward_statement_lines (user_id, confirmation_id);

-- Confirmed money is append-only: rows are written once, in the confirming transaction.
create function reward_records_are_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'confirmed reward records are append-only (%)', tg_table_name
        using errcode = 'restrict_violation';
end
$$;
create trigger reward_confirmations_append_only before update or delete on reward_confirmations
    for each row execute function reward_records_are_append_only();
create trigger reward_statements_append_only before update or delete on reward_statements
    for each row execute function reward_records_are_append_only();
create trigger reward_statement_lines_append_only before update or delete on reward_statement_lines
    for each row execute function reward_records_are_append_only();
