-- Foundation: users and their clients, sessions, two-step challenges, login throttling,
-- bot-check verifications, maintenance windows, releases and application secrets.

create table clients (
    id bigserial constraint clients_pkey primary key,
    company_name text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table users (
    id bigserial constraint users_pkey primary key,
    mail_address text not null,
    password_hash text not null,
    user_name text not null,
    last_name text not null default '',
    first_name text not null default '',
    role text not null
        constraint users_role_check check (role in ('general', 'editor_assistant', 'client', 'manager', 'accountant', 'admin')),
    account_status text not null default 'active'
        constraint users_account_status_check check (account_status in ('active', 'banned', 'left')),
    work_status text not null default 'not_set'
        constraint users_work_status_check check (work_status in ('not_set', 'accepting', 'conditionally_accepting', 'not_accepting')),
    client_id bigint constraint users_client_id_fkey references clients (id),
    two_step_enabled boolean not null default false,
    image_path text,
    image_scan_status text
        constraint users_image_scan_status_check check (image_scan_status in ('scanning', 'clean', 'infected')),
    information_seen_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint users_client_role_check check ((role = 'client') = (client_id is not null))
);
create unique index users_mail_address_key on users (lower(mail_address));

-- Creator information; each table's presence answers one of the has_* flags of the User record.
create table user_skills (
    id bigserial constraint user_skills_pkey primary key,
    user_id bigint not null constraint user_skills_user_id_fkey references users (id) on delete cascade,
    genre_group_id bigint not null,
    genre_ids bigint[] not null default '{}',
    detail text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index user_skills_user_id_idx on user_skills (user_id);

create table bank_accounts (
    id bigserial constraint bank_accounts_pkey primary key,
    user_id bigint not null constraint bank_accounts_user_id_fkey references users (id) on delete cascade,
    bank_name text not null,
    bank_code text not null,
    branch_name text not null,
    branch_code text not null,
    account_type text not null default 'ordinary',
    account_number text not null,
    account_holder_kana text not null,
    invoice_registration_number text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint bank_accounts_user_id_key unique (user_id)
);

create table portfolios (
    id bigserial constraint portfolios_pkey primary key,
    user_id bigint not null constraint portfolios_user_id_fkey references users (id) on delete cascade,
    portfolio text not null,
    publishability text not null default 'not_set',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint portfolios_user_id_key unique (user_id)
);

create table possible_works (
    id bigserial constraint possible_works_pkey primary key,
    user_id bigint not null constraint possible_works_user_id_fkey references users (id) on delete cascade,
    work_name text not null,
    achievement text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index possible_works_user_id_idx on possible_works (user_id);

create table user_attributes (
    id bigserial constraint user_attributes_pkey primary key,
    user_id bigint not null constraint user_attributes_user_id_fkey references users (id) on delete cascade,
    attributes jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint user_attributes_user_id_key unique (user_id)
);

create table sessions (
    id uuid constraint sessions_pkey primary key,
    token_hash bytea not null constraint sessions_token_hash_key unique,
    user_id bigint not null constraint sessions_user_id_fkey references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
);
create index sessions_user_id_idx on sessions (user_id);

create table two_step_challenges (
    id uuid constraint two_step_challenges_pkey primary key,
    token_hash bytea not null constraint two_step_challenges_token_hash_key unique,
    user_id bigint not null constraint two_step_challenges_user_id_fkey references users (id) on delete cascade,
    code_hash bytea,
    code_sent_at timestamptz,
    failed_attempts integer not null default 0,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
);

create table login_failures (
    id bigserial constraint login_failures_pkey primary key,
    mail_address text not null,
    ip text not null,
    created_at timestamptz not null default now()
);
create index login_failures_mail_idx on login_failures (lower(mail_address), created_at);
create index login_failures_ip_idx on login_failures (ip, created_at);

create table site_verifications (
    token_hash bytea constraint site_verifications_pkey primary key,
    verified_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
);

-- At most one maintenance window; the row's absence means no maintenance.
create table maintenance_windows (
    id smallint constraint maintenance_windows_pkey primary key default 1
        constraint maintenance_windows_single_check check (id = 1),
    message text not null,
    start_datetime timestamptz not null,
    end_datetime timestamptz not null,
    updated_by bigint constraint maintenance_windows_updated_by_fkey references users (id),
    updated_at timestamptz not null default now(),
    constraint maintenance_windows_period_check check (start_datetime < end_datetime)
);

create table releases (
    revision_no text constraint releases_pkey primary key,
    first_started_at timestamptz not null default now()
);

create table app_secrets (
    name text constraint app_secrets_pkey primary key,
    value bytea not null,
    created_at timestamptz not null default now()
);

-- Teams and channels exist from the start so the demo workspace has its team; the chat
-- migration adds messages and the rest.
create table teams (
    id bigserial constraint teams_pkey primary key,
    name text not null,
    client_id bigint constraint teams_client_id_fkey references clients (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create table team_members (
    team_id bigint not null constraint team_members_team_id_fkey references teams (id) on delete cascade,
    user_id bigint not null constraint team_members_user_id_fkey references users (id) on delete cascade,
    status text not null default 'assignable'
        constraint team_members_status_check check (status in ('temporary', 'offered', 'negotiating', 'assignable', 'declined', 'left')),
    is_leader boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint team_members_pkey primary key (team_id, user_id)
);
create index team_members_user_id_idx on team_members (user_id);

create table channels (
    id bigserial constraint channels_pkey primary key,
    team_id bigint not null constraint channels_team_id_fkey references teams (id) on delete cascade,
    name text not null,
    channel_type text not null
        constraint channels_channel_type_check check (channel_type in ('all', 'single', 'group', 'management')),
    status text not null default 'active'
        constraint channels_status_check check (status in ('active', 'inactive')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index channels_team_id_idx on channels (team_id);

create table channel_members (
    channel_id bigint not null constraint channel_members_channel_id_fkey references channels (id) on delete cascade,
    user_id bigint not null constraint channel_members_user_id_fkey references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    constraint channel_members_pkey primary key (channel_id, user_id)
);
create index channel_members_user_id_idx on channel_members (user_id);
