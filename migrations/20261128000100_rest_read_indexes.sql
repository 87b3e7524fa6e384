-- Indexes for the hottest REST reads (scripts/bench-rest.sh, loadtest/results/rest-pages.md).
--
-- A channel's live messages by id: the channel page counts them and finds the first unread
-- one, and every team and channel list counts each channel's unread messages after the read
-- position. With only live rows in the index those are index range scans (index-only for the
-- count and the unread counters, which check the author too) instead of scans over the whole
-- channel or the primary key.
create index messages_live_channel_id_idx on messages (channel_id, id) include (user_id) where deleted_at is null;

-- The notice inbox counts a user's notices of one group (the page's total) next to the
-- unread ones (notices_unread_idx): an index-only count instead of reading every notice row.
create index notices_user_type_idx on notices (user_id, notice_type);
