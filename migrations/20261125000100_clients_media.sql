-- Clients and media (issue 12, clients slice): optional extra payments the staff add to a
-- medium beside its regular payments (spec: /clients/media/{id}/details/option_payment/add).

create table media_option_payments (
    id bigserial constraint media_option_payments_pkey primary key,
    media_id bigint not null constraint media_option_payments_media_id_fkey references media (id) on delete cascade,
    title text not null,
    -- Integer yen, never a float.
    amount bigint not null constraint media_option_payments_amount_check check (amount > 0),
    target_year integer not null,
    target_month integer not null constraint media_option_payments_target_month_check check (target_month between 1 and 12),
    note text not null default '',
    created_by bigint constraint media_option_payments_created_by_fkey references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index media_option_payments_media_id_idx on media_option_payments (media_id, target_year, target_month);

