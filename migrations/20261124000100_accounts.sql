-- Accounts: single-use links sent by mail (sign-up, client invitation, password reset, mail
-- address change), their throttle, each member's mail notification frequencies, and the profile
-- image as an uploaded file.

-- Only a SHA-256 digest of each link's token is stored; the token itself is in the mail alone.
create table mail_tokens (
    id bigserial constraint mail_tokens_pkey primary key,
    purpose text not null
        constraint mail_tokens_purpose_check check (purpose in ('signup', 'client_signup', 'password_reset', 'mail_change')),
    mail_address text not null,
    user_id bigint constraint mail_tokens_user_id_fkey references users (id) on delete cascade,
    client_id bigint constraint mail_tokens_client_id_fkey references clients (id) on delete cascade,
    token_hash bytea not null constraint mail_tokens_token_hash_key unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now(),
    constraint mail_tokens_owner_check check (
        (purpose = 'client_signup') = (client_id is not null)
        and (purpose in ('password_reset', 'mail_change')) = (user_id is not null)
    )
);
create index mail_tokens_user_id_idx on mail_tokens (user_id);

-- Every request that may send such a mail, whether or not it did (recovery never tells), so
-- one address or one network cannot flood inboxes.
create table mail_link_requests (
    id bigserial constraint mail_link_requests_pkey primary key,
    purpose text not null,
    mail_address text not null,
    ip text not null,
    created_at timestamptz not null default now()
);
create index mail_link_requests_mail_address_idx on mail_link_requests (lower(mail_address), created_at);
create index mail_link_requests_ip_idx on mail_link_requests (ip, created_at);

-- How often each kind of notice is mailed; a member without a row has every kind immediately.
create table user_mail_frequencies (
    user_id bigint constraint user_mail_frequencies_pkey primary key
        constraint user_mail_frequencies_user_id_fkey references users (id) on delete cascade,
    message text not null default 'immediately'
        constraint user_mail_frequencies_message_check check (message in ('immediately', 'daily', 'none')),
    task text not null default 'immediately'
        constraint user_mail_frequencies_task_check check (task in ('immediately', 'daily', 'none')),
    information text not null default 'immediately'
        constraint user_mail_frequencies_information_check check (information in ('immediately', 'daily', 'none')),
    updated_at timestamptz not null default now()
);

-- The profile image is one of the member's own uploads; image_path keeps serving it.
alter table users
    add column image_file_id bigint constraint users_image_file_id_fkey references files (id) on delete set null;
