-- Manuscripts (issue 44): one collaborative Yjs document per task. The document is its
-- compacted state (`snapshot`) plus the updates appended after it; compaction folds the
-- updates into the snapshot (docs/decisions/manuscripts-crdt.md).

create table manuscripts (
    id bigserial constraint manuscripts_pkey primary key,
    task_id bigint not null constraint manuscripts_task_id_fkey references tasks (id) on delete cascade
        constraint manuscripts_task_id_key unique,
    snapshot bytea not null,
    created_by bigint not null constraint manuscripts_created_by_fkey references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

-- Append-only Yjs v1 updates after the snapshot, in the order they were accepted.
create table manuscript_updates (
    id bigserial constraint manuscript_updates_pkey primary key,
    manuscript_id bigint not null constraint manuscript_updates_manuscript_id_fkey references manuscripts (id) on delete cascade,
    update bytea not null,
    user_id bigint not null constraint manuscript_updates_user_id_fkey references users (id),
    created_at timestamptz not null default now()
);
create index manuscript_updates_manuscript_id_idx on manuscript_updates (manuscript_id, id);

-- Editor links: a signed token names the row; revoking the row refuses the token.
create table manuscript_links (
    id bigserial constraint manuscript_links_pkey primary key,
    manuscript_id bigint not null constraint manuscript_links_manuscript_id_fkey references manuscripts (id) on delete cascade,
    permission text not null
        constraint manuscript_links_permission_check check (permission in ('edit', 'suggest', 'comment')),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    created_by bigint not null constraint manuscript_links_created_by_fkey references users (id),
    created_at timestamptz not null default now()
);
create index manuscript_links_manuscript_id_idx on manuscript_links (manuscript_id);

-- Named versions (初稿 …): the whole document state at that moment and its counts.
create table manuscript_versions (
    id bigserial constraint manuscript_versions_pkey primary key,
    manuscript_id bigint not null constraint manuscript_versions_manuscript_id_fkey references manuscripts (id) on delete cascade,
    name text not null,
    state bytea not null,
    counts jsonb not null,
    created_by bigint not null constraint manuscript_versions_created_by_fkey references users (id),
    created_at timestamptz not null default now()
);
create index manuscript_versions_manuscript_id_idx on manuscript_versions (manuscript_id, created_at desc);
