-- Team chat and notices: favourites, read positions, messages with mentions, reactions,
-- pins, uploaded files and the notice inbox.

create table team_favorites (
    user_id bigint not null constraint team_favorites_user_id_fkey references users (id) on delete cascade,
    team_id bigint not null constraint team_favorites_team_id_fkey references teams (id) on delete cascade,
    created_at timestamptz not null default now(),
    constraint team_favorites_pkey primary key (user_id, team_id)
);

create table files (
    id bigserial constraint files_pkey primary key,
    user_id bigint not null constraint files_user_id_fkey references users (id),
    name text not null,
    storage_key text not null constraint files_storage_key_key unique,
    content_type text not null,
    size_bytes bigint not null,
    scan_status text not null default 'scanning'
        constraint files_scan_status_check check (scan_status in ('scanning', 'clean', 'infected')),
    is_private boolean not null default false,
    width integer,
    height integer,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index files_user_id_idx on files (user_id);

create table messages (
    id bigserial constraint messages_pkey primary key,
    channel_id bigint not null constraint messages_channel_id_fkey references channels (id) on delete cascade,
    user_id bigint not null constraint messages_user_id_fkey references users (id),
    body text not null,
    client_message_id text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz,
    constraint messages_client_message_id_key unique (channel_id, user_id, client_message_id)
);
create index messages_channel_id_id_idx on messages (channel_id, id desc);

create table message_mentions (
    message_id bigint not null constraint message_mentions_message_id_fkey references messages (id) on delete cascade,
    user_id bigint not null constraint message_mentions_user_id_fkey references users (id) on delete cascade,
    constraint message_mentions_pkey primary key (message_id, user_id)
);

create table message_files (
    message_id bigint not null constraint message_files_message_id_fkey references messages (id) on delete cascade,
    file_id bigint not null constraint message_files_file_id_fkey references files (id),
    position integer not null default 0,
    constraint message_files_pkey primary key (message_id, file_id)
);
create index message_files_file_id_idx on message_files (file_id);

create table reactions (
    id bigserial constraint reactions_pkey primary key,
    name text not null constraint reactions_name_key unique,
    path text not null,
    sort_order integer not null default 0
);

create table message_reactions (
    message_id bigint not null constraint message_reactions_message_id_fkey references messages (id) on delete cascade,
    reaction_id bigint not null constraint message_reactions_reaction_id_fkey references reactions (id),
    user_id bigint not null constraint message_reactions_user_id_fkey references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    constraint message_reactions_pkey primary key (message_id, reaction_id, user_id)
);

create table pinned_messages (
    channel_id bigint not null constraint pinned_messages_channel_id_fkey references channels (id) on delete cascade,
    message_id bigint not null constraint pinned_messages_message_id_fkey references messages (id) on delete cascade,
    pinned_by bigint not null constraint pinned_messages_pinned_by_fkey references users (id),
    created_at timestamptz not null default now(),
    constraint pinned_messages_pkey primary key (channel_id, message_id)
);

alter table channel_members add column last_read_message_id bigint not null default 0;

create table notices (
    id bigserial constraint notices_pkey primary key,
    user_id bigint not null constraint notices_user_id_fkey references users (id) on delete cascade,
    notice_type text not null
        constraint notices_notice_type_check check (notice_type in ('message', 'order_task', 'reject_client_order', 'reject_delivery', 'inspected_delivery', 'check_delivery', 'check_client_order')),
    message text not null,
    team_id bigint,
    channel_id bigint,
    message_id bigint,
    project_id bigint,
    work_id bigint,
    task_id bigint,
    is_read boolean not null default false,
    created_at timestamptz not null default now()
);
create index notices_user_id_idx on notices (user_id, id desc);
create index notices_unread_idx on notices (user_id, notice_type) where not is_read;

insert into reactions (name, path, sort_order) values
    ('いいね', '/reactions/thumbs-up.svg', 1),
    ('ありがとう', '/reactions/thanks.svg', 2),
    ('了解', '/reactions/ok.svg', 3),
    ('拍手', '/reactions/clap.svg', 4),
    ('確認中', '/reactions/eyes.svg', 5),
    ('お疲れさま', '/reactions/tea.svg', 6);
