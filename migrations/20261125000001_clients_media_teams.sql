-- Clients, media and media teams (issue 12): what the staff register about a client company,
-- its media, and the teams of creators each medium runs. Offers, guests and assessments add
-- their own tables in their own migrations.

-- The contract plans a client company can be on (the spec shows only id and name).
create table client_plans (
    id bigint constraint client_plans_pkey primary key,
    name text not null,
    position integer not null
);
insert into client_plans (id, name, position) values
    (1, 'ライト', 1),
    (2, 'スタンダード', 2),
    (3, 'プレミアム', 3),
    (4, 'エンタープライズ', 4);

alter table clients
    add column company_name_kana text not null default '',
    add column plan_id bigint constraint clients_plan_id_fkey references client_plans (id),
    add column postal_code text not null default '',
    add column prefecture_id bigint constraint clients_prefecture_id_fkey references prefectures (id),
    add column address text not null default '',
    add column phone_number text not null default '',
    add column url text not null default '',
    -- Listed by GET /public_clients (a creator's profile may name the clients they work for).
    add column is_public boolean not null default false,
    add column note text not null default '';

alter table media
    add column description text not null default '',
    add column url text not null default '',
    add column genre_group_id bigint constraint media_genre_group_id_fkey references genre_groups (id),
    add column payment_schedule text not null default 'last_day_of_month'
        constraint media_payment_schedule_check check (payment_schedule in ('daily', 'weekly', 'last_day_of_month')),
    -- Free text the staff keep about the customer behind the medium (GET/PUT customer_information).
    add column customer_information text not null default '';

create table media_genres (
    media_id bigint not null constraint media_genres_media_id_fkey references media (id) on delete cascade,
    genre_id bigint not null constraint media_genres_genre_id_fkey references genres (id),
    constraint media_genres_pkey primary key (media_id, genre_id)
);

create table media_search_tags (
    media_id bigint not null constraint media_search_tags_media_id_fkey references media (id) on delete cascade,
    search_tag_id bigint not null constraint media_search_tags_search_tag_id_fkey references search_tags (id) on delete cascade,
    constraint media_search_tags_pkey primary key (media_id, search_tag_id)
);

-- The people (staff or the client's own accounts) who manage a medium.
create table media_managers (
    media_id bigint not null constraint media_managers_media_id_fkey references media (id) on delete cascade,
    user_id bigint not null constraint media_managers_user_id_fkey references users (id) on delete cascade,
    constraint media_managers_pkey primary key (media_id, user_id)
);
create index media_managers_user_id_idx on media_managers (user_id);

-- A team belongs to one medium of its client; chat teams without a medium stay valid.
alter table teams
    add column media_id bigint constraint teams_media_id_fkey references media (id),
    add column description text not null default '';
create index teams_media_id_idx on teams (media_id);
update teams t set media_id = (select m.id from media m where m.client_id = t.client_id order by m.id limit 1)
 where t.media_id is null and t.client_id is not null;

-- Memos on a member of a team: private (the client's own), public (the member sees it) and the
-- editor's; and when the member's status last moved.
alter table team_members
    add column private_memo text not null default '',
    add column public_memo text not null default '',
    add column editor_memo text not null default '',
    add column status_changed_at timestamptz not null default now();
create index team_members_team_status_idx on team_members (team_id, status);
