-- The creator search reads the creator's admin flags from its own row: `not exists` against
-- user_admin_flags ran once per candidate row (a nested loop the planner picks whenever the
-- flags table is small), 30 of the 42 ms of counting 100,000 creators with no filter. Which
-- flags hide a creator stays in the server (`users::flags::HIDE_FROM_SEARCH`); the row carries
-- every flag, kept in step by the same statement triggers as the other parts.

alter table creator_search add column admin_flags text[] not null default '{}';

create or replace function creator_search_refresh(ids bigint[]) returns void
    language sql
begin atomic
    delete from creator_search c
     where c.user_id = any(ids)
       and not exists (select 1 from users u where u.id = c.user_id and u.role in ('general', 'editor_assistant'));
    insert into creator_search (user_id, created_at, is_active, work_status, birthday, prefecture_id, genre_ids,
                                genre_group_ids, tag_ids, any_tag_ids, language_ids, search_text, admin_flags)
    select u.id, u.created_at, u.account_status = 'active', u.work_status, u.birthday, u.prefecture_id,
           coalesce(s.genre_ids, '{}'), coalesce(s.genre_group_ids, '{}'),
           coalesce(t.tag_ids, '{}'), coalesce(t.any_tag_ids, '{}'), coalesce(l.language_ids, '{}'),
           x.search_text,
           array(select f.flag from user_admin_flags f where f.user_id = u.id order by f.flag)
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
        language_ids = excluded.language_ids, search_text = excluded.search_text, admin_flags = excluded.admin_flags;
end;

create trigger creator_search_flags_insert after insert on user_admin_flags
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_flags_update after update on user_admin_flags
    referencing new table as changed for each statement execute function creator_search_parts_changed();
create trigger creator_search_flags_delete after delete on user_admin_flags
    referencing old table as changed for each statement execute function creator_search_parts_changed();

-- The newest-first walk over active creators also answers the flag condition without the heap
-- (an unfiltered search's count is an index-only scan).
drop index creator_search_active_created_at_idx;
create index creator_search_active_created_at_idx on creator_search (created_at desc, user_id desc)
    include (admin_flags) where is_active;

select creator_search_refresh(array(select distinct user_id from user_admin_flags));
