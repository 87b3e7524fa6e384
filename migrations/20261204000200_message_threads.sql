-- Threads: a reply names its parent, a live top-level message of the same channel (checked by
-- the server). Replies are not part of the channel's history pages; they are read with their
-- parent (GET /channels/{id}/messages/{message_id}/replies) and counted on it.
alter table messages add column parent_id bigint
    constraint messages_parent_id_fkey references messages (id) on delete cascade;

-- A parent's live replies in order: the reply count, the last repliers and the thread itself.
create index messages_parent_id_idx on messages (parent_id, id) include (user_id)
    where deleted_at is null and parent_id is not null;

-- A channel's live top-level messages by id: its history pages, their count and the unread
-- counters (replies left out), index-only like messages_live_channel_id_idx.
create index messages_live_top_channel_id_idx on messages (channel_id, id) include (user_id)
    where deleted_at is null and parent_id is null;
