-- Token buckets of the send limits (`platform::limits::Rate`): one row per limited key, such as
-- one user's messages in one channel. Kept in PostgreSQL, like the login and mail-link limits,
-- so every node takes from the same bucket and a limit holds without Redis. The row is locked
-- while a token is taken (an upsert), so concurrent sends on several nodes cannot overdraw it.
create table rate_buckets (
    key text constraint rate_buckets_pkey primary key,
    tokens double precision not null,
    refilled_at timestamptz not null
);
