-- system::housekeeping deletes by these times every hour; without an index each of its batches
-- would read the whole table, which is largest exactly when an attack filled it.
create index site_verifications_expires_idx on site_verifications (expires_at);
create index login_failures_created_idx on login_failures (created_at);
create index two_step_challenges_expires_idx on two_step_challenges (expires_at);
create index rate_buckets_refilled_idx on rate_buckets (refilled_at);
create index guest_tokens_expires_idx on guest_tokens (expires_at);
