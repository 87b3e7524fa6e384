-- Information posts staff schedule for an audience of roles, the scheduler's publish state, and
-- the notice-mail outbox that honours each member's mail frequencies.

-- A post goes live when a scheduler sets published_at (exactly once, on whichever node claims
-- it first); until then only staff see it. audience_roles empty means everyone.
create table information_posts (
    id bigserial constraint information_posts_pkey primary key,
    title text not null
        constraint information_posts_title_check check (char_length(title) between 1 and 100),
    body text,
    url text,
    audience_roles text[] not null default '{}'
        constraint information_posts_audience_roles_check
            check (audience_roles <@ array['general', 'editor_assistant', 'client', 'manager', 'accountant', 'admin']::text[]),
    scheduled_start_date timestamptz not null,
    published_at timestamptz,
    created_by bigint constraint information_posts_created_by_fkey references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz,
    constraint information_posts_content_check check (coalesce(body, '') <> '' or coalesce(url, '') <> '')
);
-- The scheduler's question every second: what is due and not yet published.
create index information_posts_due_idx on information_posts (scheduled_start_date)
    where published_at is null and deleted_at is null;
create index information_posts_published_idx on information_posts (published_at desc)
    where published_at is not null and deleted_at is null;

-- A member has seen every post published up to information_seen_at. A new member starts from
-- the moment they joined: what was published before is listed on /information, not pushed.
alter table users alter column information_seen_at set default now();

-- Notice mails waiting to be sent: one row per notice (or information post) and recipient,
-- written in the transaction that creates the notice, with the recipient's frequency decided
-- then. 'immediately' rows are due at once; 'daily' rows at the next digest hour, when every
-- due row of a member goes out in one mail. sent_at is set in the transaction that sent it.
create table notice_mails (
    id bigserial constraint notice_mails_pkey primary key,
    user_id bigint not null constraint notice_mails_user_id_fkey references users (id) on delete cascade,
    kind text not null
        constraint notice_mails_kind_check check (kind in ('message', 'task', 'information')),
    delivery text not null
        constraint notice_mails_delivery_check check (delivery in ('immediately', 'daily')),
    summary text not null,
    detail text not null default '',
    link_path text not null default '',
    due_at timestamptz not null,
    attempts integer not null default 0,
    sent_at timestamptz,
    created_at timestamptz not null default now()
);
create index notice_mails_due_idx on notice_mails (due_at) where sent_at is null;
create index notice_mails_user_id_idx on notice_mails (user_id) where sent_at is null;
