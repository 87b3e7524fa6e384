-- Resumable uploads continue through any node (issue 40): with an S3 store an upload's bytes
-- go into an S3 multipart upload of the file's final object (`storage_key`, `multipart_id`),
-- one part of exactly 5 MiB at a time; the parts stored so far are listed here with their
-- entity tags (the last one may be shorter). What does not yet fill a part waits in the small
-- object `uploads/<id>/tail`; its length is `upload_offset` minus 5 MiB per stored part.
-- On local disk (one node) `multipart_id` stays null and the bytes wait under DATA_DIR/uploads.
alter table uploads
    add column storage_key text,
    add column multipart_id text;

create table upload_parts (
    upload_id text not null
        constraint upload_parts_upload_id_fkey references uploads (id) on delete cascade,
    -- From 0, as object_store numbers them.
    part_index integer not null constraint upload_parts_index_check check (part_index >= 0),
    etag text not null,
    constraint upload_parts_pkey primary key (upload_id, part_index)
);

-- Files left `scanning` (the node died during the scan) are found by each node's sweep
-- (`files::uploads::rescan_stuck`): few rows, so a small partial index.
create index files_scanning_idx on files (updated_at) where scan_status = 'scanning';
