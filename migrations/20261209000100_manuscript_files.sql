-- Images put into a manuscript (issue 44): which uploaded file belongs to which manuscript. The
-- document refers to a file by `/api/files/{id}`; this row is what lets the manuscript's
-- members download it (`manuscripts::access::file_readable`) and what the delivered Word and
-- HTML files may embed (a reference to a file of another manuscript is never read).
create table manuscript_files (
    manuscript_id bigint not null constraint manuscript_files_manuscript_id_fkey references manuscripts (id) on delete cascade,
    file_id bigint not null constraint manuscript_files_file_id_fkey references files (id),
    created_by bigint not null constraint manuscript_files_created_by_fkey references users (id),
    created_at timestamptz not null default now(),
    constraint manuscript_files_pkey primary key (manuscript_id, file_id)
);
create index manuscript_files_file_id_idx on manuscript_files (file_id);

-- A resumable upload may be for a manuscript's image (only PNG, JPEG, GIF and WebP, checked at
-- creation and on the first bytes). Expand only: nodes of the previous release never send it.
alter table uploads drop constraint uploads_purpose_check;
alter table uploads add constraint uploads_purpose_check
    check (purpose in ('delivery', 'message', 'portfolio', 'profile_image', 'manuscript_image'));
