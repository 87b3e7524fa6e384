-- Guest share pages and assessments (issue 12): a team's share link and the guest tokens opened
-- through it (only digests stored), and the monthly assessments a client gives its creators.

-- One live link per team; replacing or revoking a link sets revoked_at, which ends every guest
-- token opened through it.
create table team_share_links (
    id bigserial constraint team_share_links_pkey primary key,
    team_id bigint not null constraint team_share_links_team_id_fkey references teams (id) on delete cascade,
    token_hash bytea not null constraint team_share_links_token_hash_key unique,
    created_by bigint constraint team_share_links_created_by_fkey references users (id) on delete set null,
    created_at timestamptz not null default now(),
    revoked_at timestamptz
);
create unique index team_share_links_live_team_key on team_share_links (team_id) where revoked_at is null;

-- A guest's credential (120 minutes), separate from login sessions: it never authenticates a user.
create table guest_tokens (
    id bigserial constraint guest_tokens_pkey primary key,
    share_link_id bigint not null constraint guest_tokens_share_link_id_fkey references team_share_links (id) on delete cascade,
    token_hash bytea not null constraint guest_tokens_token_hash_key unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null
);
create index guest_tokens_share_link_id_idx on guest_tokens (share_link_id);

-- One assessment per client, creator and month (the first day of the month the work was completed).
create table assessments (
    id bigserial constraint assessments_pkey primary key,
    client_id bigint not null constraint assessments_client_id_fkey references clients (id) on delete cascade,
    creator_id bigint not null constraint assessments_creator_id_fkey references users (id) on delete cascade,
    target_month date not null constraint assessments_target_month_check check (extract(day from target_month) = 1),
    state text not null default 'no_answered'
        constraint assessments_state_check check (state in ('no_answered', 'answered')),
    -- Scores 1..5: quality, keeping deadlines, communication, would ask again.
    quality smallint constraint assessments_quality_check check (quality between 1 and 5),
    deadline smallint constraint assessments_deadline_check check (deadline between 1 and 5),
    communication smallint constraint assessments_communication_check check (communication between 1 and 5),
    rehire smallint constraint assessments_rehire_check check (rehire between 1 and 5),
    comment text not null default '' constraint assessments_comment_check check (char_length(comment) <= 1000),
    answered_by bigint constraint assessments_answered_by_fkey references users (id) on delete set null,
    answered_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint assessments_client_creator_month_key unique (client_id, creator_id, target_month),
    constraint assessments_answer_check check (
        (state = 'answered') = (quality is not null and deadline is not null and communication is not null
                                and rehire is not null and answered_at is not null))
);
create index assessments_client_state_month_idx on assessments (client_id, state, target_month desc);
create index assessments_creator_id_idx on assessments (creator_id);

-- A client user closed the reminder dialog in `month` (the first day of the month).
create table assessment_remind_dismissals (
    user_id bigint not null constraint assessment_remind_dismissals_user_id_fkey references users (id) on delete cascade,
    month date not null,
    dismissed_at timestamptz not null default now(),
    constraint assessment_remind_dismissals_pkey primary key (user_id, month)
);
