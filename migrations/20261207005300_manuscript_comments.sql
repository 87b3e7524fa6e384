-- Comments on a manuscript's text (issue 44, 校正): rows, not part of the Yjs document (the
-- `comment` permission sends no document update). A thread is a root comment anchored to a
-- range of the text by two Yjs relative positions (`Y.encodeRelativePosition`), with the text
-- it quoted when it was written; replies name their root in `parent_id` and have no anchor.
-- Resolving and reopening apply to a root; deleting one's own comment keeps the row
-- (`deleted_at`) so the deletion can be pushed and a thread's replies go with their root.

create table manuscript_comments (
    id bigserial constraint manuscript_comments_pkey primary key,
    manuscript_id bigint not null constraint manuscript_comments_manuscript_id_fkey references manuscripts (id) on delete cascade,
    parent_id bigint constraint manuscript_comments_parent_id_fkey references manuscript_comments (id) on delete cascade,
    author_id bigint not null constraint manuscript_comments_author_id_fkey references users (id),
    body text not null
        constraint manuscript_comments_body_check check (char_length(body) between 1 and 2000),
    anchor_start bytea,
    anchor_end bytea,
    quote text not null default '',
    resolved_at timestamptz,
    resolved_by bigint constraint manuscript_comments_resolved_by_fkey references users (id),
    created_at timestamptz not null default now(),
    deleted_at timestamptz,
    -- A root has its anchor; a reply has none and is never resolved itself.
    constraint manuscript_comments_anchor_check check (
        (parent_id is null and anchor_start is not null and anchor_end is not null)
        or (parent_id is not null and anchor_start is null and anchor_end is null and resolved_at is null)
    )
);
create index manuscript_comments_manuscript_id_idx on manuscript_comments (manuscript_id, id);
create index manuscript_comments_parent_id_idx on manuscript_comments (parent_id) where parent_id is not null;
