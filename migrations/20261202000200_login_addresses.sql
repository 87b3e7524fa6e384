-- The addresses an account has logged in from (`auth::rate_limit`): the account-wide slow-down
-- of a login attack spares them, so a stranger's failures never keep the owner out of their own
-- address.
create table login_addresses (
    user_id bigint not null constraint login_addresses_user_id_fkey references users (id) on delete cascade,
    ip text not null,
    last_success_at timestamptz not null default now(),
    constraint login_addresses_pkey primary key (user_id, ip)
);

-- Failures are now counted per account and address pair.
create index login_failures_pair_idx on login_failures (lower(mail_address), ip, created_at);
