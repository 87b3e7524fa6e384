-- Creator pages and search: staff-managed search tags and the tags put on creators, the staff
-- memo and the client companies' memos about a creator, NG combinations (creators who must not
-- be put together), and the table `GET /users/search` reads.

create table search_tags (
    id bigserial constraint search_tags_pkey primary key,
    name text not null constraint search_tags_name_key unique,
    created_at timestamptz not null default now()
);

-- A tag put on a creator. `is_exclude_type`: the creator is marked as *not* fitting what the tag
-- names (a search including the tag does not find them).
create table user_search_tags (
    user_id bigint not null constraint user_search_tags_user_id_fkey references users (id) on delete cascade,
    search_tag_id bigint not null constraint user_search_tags_search_tag_id_fkey references search_tags (id) on delete cascade,
    is_exclude_type boolean not null default false,
    created_at timestamptz not null default now(),
    constraint user_search_tags_pkey primary key (user_id, search_tag_id)
);
create index user_search_tags_search_tag_id_idx on user_search_tags (search_tag_id, user_id);

-- One memo per creator shared by the staff.
create table creator_manager_memos (
    user_id bigint constraint creator_manager_memos_pkey primary key
        constraint creator_manager_memos_user_id_fkey references users (id) on delete cascade,
    memo text not null,
    updated_by bigint constraint creator_manager_memos_updated_by_fkey references users (id) on delete set null,
    updated_at timestamptz not null default now()
);

-- One memo per (creator, client company), shared by that company's users.
create table creator_client_memos (
    user_id bigint not null constraint creator_client_memos_user_id_fkey references users (id) on delete cascade,
    client_id bigint not null constraint creator_client_memos_client_id_fkey references clients (id) on delete cascade,
    memo text not null,
    updated_by bigint constraint creator_client_memos_updated_by_fkey references users (id) on delete set null,
    updated_at timestamptz not null default now(),
    constraint creator_client_memos_pkey primary key (user_id, client_id)
);

-- An NG pair is stored once, smaller id first, so A–B and B–A are the same row.
create table creator_ng_combinations (
    low_user_id bigint not null constraint creator_ng_combinations_low_user_id_fkey references users (id) on delete cascade,
    high_user_id bigint not null constraint creator_ng_combinations_high_user_id_fkey references users (id) on delete cascade,
    created_by bigint constraint creator_ng_combinations_created_by_fkey references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint creator_ng_combinations_pkey primary key (low_user_id, high_user_id),
    constraint creator_ng_combinations_order_check check (low_user_id < high_user_id)
);
create index creator_ng_combinations_high_user_id_idx on creator_ng_combinations (high_user_id);

-- The search reads one narrow row per creator, kept in step with users, user_skills,
-- user_languages and user_search_tags by statement triggers, so every filter is an index
-- condition on one table and counting the matches stays cheap (see
-- loadtest/results/user-search.md for the plans at 100,000 creators).
--
-- Free words: `search_text` is the lower-cased name, user name, profile text and skill details,
-- indexed by its 2-character pieces (`search_bigrams`, an expression GIN index, so the row
-- stays narrow). A word of 2 or more characters must have all its bigrams (`@>`, answering
-- Japanese words of any length — trigrams cannot for 2 characters) and is then checked with
-- `like` on the text.
-- Costly per row (the planner should reach it through the index, never as a row filter).
create function search_bigrams(t text) returns text[]
    language sql immutable parallel safe cost 1000
    return (select coalesce(array_agg(distinct substr(t, i, 2)), '{}') from generate_series(1, length(t) - 1) as i);

create table creator_search (
    user_id bigint constraint creator_search_pkey primary key
        constraint creator_search_user_id_fkey references users (id) on delete cascade,
    created_at timestamptz not null,
    is_active boolean not null,
    work_status text not null,
    birthday date,
    prefecture_id smallint,
    genre_ids bigint[] not null,
    genre_group_ids bigint[] not null,
    -- Tags carried (not as exclude type), and every tag carried (what exclusion looks at).
    tag_ids bigint[] not null,
    any_tag_ids bigint[] not null,
    language_ids integer[] not null,
    search_text text not null
)
-- A search touches a few MB: starting parallel workers costs more than it saves.
with (parallel_workers = 0);
create index creator_search_created_at_idx on creator_search (created_at desc, user_id desc);
create index creator_search_active_created_at_idx on creator_search (created_at desc, user_id desc) where is_active;
create index creator_search_work_status_idx on creator_search (work_status, is_active);
create index creator_search_birthday_idx on creator_search (birthday);
create index creator_search_prefecture_id_idx on creator_search (prefecture_id);
create index creator_search_genre_ids_idx on creator_search using gin (genre_ids);
create index creator_search_genre_group_ids_idx on creator_search using gin (genre_group_ids);
create index creator_search_tag_ids_idx on creator_search using gin (tag_ids);
create index creator_search_language_ids_idx on creator_search using gin (language_ids);
create index creator_search_bigrams_idx on creator_search using gin (search_bigrams(search_text));

-- Recomputes the rows of users `ids` (creators get one, anyone else none).
create function creator_search_refresh(ids bigint[]) returns void
    language sql
begin atomic
    delete from creator_search c
     where c.user_id = any(ids)
       and not exists (select 1 from users u where u.id = c.user_id and u.role in ('general', 'editor_assistant'));
    insert into creator_search (user_id, created_at, is_active, work_status, birthday, prefecture_id, genre_ids,
                                genre_group_ids, tag_ids, any_tag_ids, language_ids, search_text)
    select u.id, u.created_at, u.account_status = 'active', u.work_status, u.birthday, u.prefecture_id,
           coalesce(s.genre_ids, '{}'), coalesce(s.genre_group_ids, '{}'),
           coalesce(t.tag_ids, '{}'), coalesce(t.any_tag_ids, '{}'), coalesce(l.language_ids, '{}'),
           x.search_text
      from users u
      left join lateral (
          select array(select distinct g from user_skills s2, unnest(s2.genre_ids) g where s2.user_id = u.id order by g) as genre_ids,
                 array_agg(s.genre_group_id order by s.genre_group_id) as genre_group_ids,
                 string_agg(s.detail, ' ' order by s.genre_group_id) as details
            from user_skills s where s.user_id = u.id
      ) s on true
      left join lateral (
          select array_agg(ut.search_tag_id order by ut.search_tag_id) filter (where not ut.is_exclude_type) as tag_ids,
                 array_agg(ut.search_tag_id order by ut.search_tag_id) as any_tag_ids
            from user_search_tags ut where ut.user_id = u.id
      ) t on true
      left join lateral (
          select array_agg(ul.language_id order by ul.language_id) as language_ids
            from user_languages ul where ul.user_id = u.id
      ) l on true
      cross join lateral (
          select lower(u.last_name || u.first_name || ' ' || u.user_name || ' ' || u.profile_text || ' ' || coalesce(s.details, '')) as search_text
      ) x
     where u.id = any(ids) and u.role in ('general', 'editor_assistant')
    on conflict (user_id) do update set
        created_at = excluded.created_at, is_active = excluded.is_active, work_status = excluded.work_status,
        birthday = excluded.birthday, prefecture_id = excluded.prefecture_id, genre_ids = excluded.genre_ids,
        genre_group_ids = excluded.genre_group_ids, tag_ids = excluded.tag_ids, any_tag_ids = excluded.any_tag_ids,
        language_ids = excluded.language_ids, search_text = excluded.search_text;
end;

-- One trigger function per changed table and transition: the users a statement touched.
create function creator_search_users_changed() returns trigger
    language plpgsql
as $$
begin
    perform creator_search_refresh(array(select id from changed));
    return null;
end;
$$;

create function creator_search_parts_changed() returns trigger
    language plpgsql
as $$
begin
    perform creator_search_refresh(array(select distinct user_id from changed));
    return null;
end;
$$;

create trigger creator_search_users_insert after insert on users
    referencing new table as changed for each statement execute function creator_search_users_changed();
create trigger creator_search_users_update after update on users
    referencing new table as changed for each statement execute function creator_search_users_changed();

create trigger creator_search_skills_insert after insert on user_skills
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_skills_update after update on user_skills
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_skills_delete after delete on user_skills
    referencing old table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_languages_insert after insert on user_languages
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_languages_update after update on user_languages
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_languages_delete after delete on user_languages
    referencing old table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_tags_insert after insert on user_search_tags
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_tags_update after update on user_search_tags
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_tags_delete after delete on user_search_tags
    referencing old table as changed for each statement execute function creator_search_parts_changed();

-- Creators that exist before this migration.
select creator_search_refresh(array(select id from users where role in ('general', 'editor_assistant')));
