-- A delivery made from a manuscript's named version (issue 44, "deliver this version") names
-- that version, so the task page and the client's inspection can say which one was delivered.
-- Null for deliveries of uploaded files or a URL. A version goes only with its manuscript
-- (and so its task, which takes its deliveries with it); `set null` keeps the delivery if
-- that ever changes.
alter table deliveries
    add column manuscript_version_id bigint
        constraint deliveries_manuscript_version_id_fkey references manuscript_versions (id) on delete set null;
create index deliveries_manuscript_version_id_idx on deliveries (manuscript_version_id)
    where manuscript_version_id is not null;
