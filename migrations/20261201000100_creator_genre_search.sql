-- The creator search's most common filter — genres, usually with work statuses — as one index
-- range. Through `creator_search.genre_ids` (a GIN index) it was two bitmap scans ANDed and a
-- visit to every matching row's heap page, for the page and again for the count: 15 + 7 ms for
-- one genre and one status at 100,000 creators (loadtest/results/rest-pages.md), about 211
-- searches a second for the whole database.
--
-- One row per (creator, genre the search finds them by): each of the creator's genres and each
-- one's parent, since asking for a genre also finds its child genres' creators. Asking for
-- genres X is then `genre_id = any(X)`, ordered by the creator's age, and the row carries what
-- the search filters and orders by without the creator's row (status, activity, admin flags,
-- created_at), so a genre + status search is an index-only range.
--
-- Kept in step with creator_search by statement triggers on it (which creator_search_refresh's
-- upserts and deletes fire). Genres are master data changed only by migrations; a migration
-- that changes a genre's parent must refresh this table
-- (`select creator_genre_search_refresh(array(select user_id from creator_search))`).
create table creator_genre_search (
    user_id bigint not null constraint creator_genre_search_user_id_fkey references creator_search (user_id) on delete cascade,
    genre_id bigint not null constraint creator_genre_search_genre_id_fkey references genres (id),
    created_at timestamptz not null,
    is_active boolean not null,
    work_status text not null,
    admin_flags text[] not null,
    constraint creator_genre_search_pkey primary key (user_id, genre_id)
)
with (parallel_workers = 0);
create index creator_genre_search_status_idx on creator_genre_search
    (genre_id, work_status, created_at desc, user_id desc) include (is_active, admin_flags);
create index creator_genre_search_created_at_idx on creator_genre_search
    (genre_id, created_at desc, user_id desc) include (is_active, work_status, admin_flags);

-- Recomputes the genre rows of creators `ids` from their creator_search rows.
create function creator_genre_search_refresh(ids bigint[]) returns void
    language sql
begin atomic
    delete from creator_genre_search where user_id = any(ids);
    insert into creator_genre_search (user_id, genre_id, created_at, is_active, work_status, admin_flags)
    select c.user_id, found.genre_id, c.created_at, c.is_active, c.work_status, c.admin_flags
      from creator_search c
     cross join lateral (
          select g.id from genres g where g.id = any(c.genre_ids)
          union
          select g.parent_genre_id from genres g where g.id = any(c.genre_ids) and g.parent_genre_id is not null
     ) as found (genre_id)
     where c.user_id = any(ids);
end;

create function creator_genre_search_changed() returns trigger
    language plpgsql
as $$
begin
    perform creator_genre_search_refresh(array(select user_id from changed));
    return null;
end;
$$;

-- Deletes cascade through the foreign key; inserts and updates (the refresh's upsert fires
-- both) recompute.
create trigger creator_genre_search_insert after insert on creator_search
    referencing new table as changed for each statement execute function creator_genre_search_changed();
create trigger creator_genre_search_update after update on creator_search
    referencing new table as changed for each statement execute function creator_genre_search_changed();

select creator_genre_search_refresh(array(select user_id from creator_search));
