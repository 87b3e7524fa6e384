-- Resumable uploads (tus 1.0, `files::uploads`): one row per upload, the state every node
-- answers from (`HEAD` reads `upload_offset` here, so an upload started through one node
-- continues through another). The bytes live in the upload's parts (`files::uploads::parts`)
-- until the last one arrives; then the upload becomes a file (`file_id`). Abandoned uploads
-- are deleted with their parts once `expires_at` has passed (finished ones too: their file stays).
create table uploads (
    -- 32 random hex characters: the upload URL is not guessable.
    id text constraint uploads_pkey primary key,
    user_id bigint not null constraint uploads_user_id_fkey references users (id) on delete cascade,
    length bigint not null constraint uploads_length_check check (length > 0),
    upload_offset bigint not null default 0
        constraint uploads_offset_check check (upload_offset between 0 and length),
    name text not null,
    is_private boolean not null,
    purpose text not null
        constraint uploads_purpose_check check (purpose in ('delivery', 'message', 'portfolio', 'profile_image')),
    -- The content type declared at creation (or guessed from the name): its kind's limit was
    -- checked then; the content sniffed from the first bytes must fit the same limit.
    declared_type text not null,
    -- The `Upload-Metadata` header as sent, answered back on `HEAD`.
    metadata text not null,
    -- Set once the first bytes were sniffed.
    content_type text,
    -- While a PATCH is storing bytes: no other request may write (renewed as bytes arrive).
    locked_until timestamptz,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    file_id bigint constraint uploads_file_id_fkey references files (id) on delete set null
);
create index uploads_expires_at_idx on uploads (expires_at);
create index uploads_user_id_idx on uploads (user_id);
