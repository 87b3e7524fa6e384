-- Rewards (issue 13): what a creator's monthly statement needs beyond the tasks.

-- A withholding rate the staff set for one creator (a treaty rate for a non-resident, say), in
-- basis points (1021 = 10.21 %); it replaces the NTA formula (money::rewards::tax).
alter table users
    add column reduced_withholding_rate_bp integer
        constraint users_reduced_withholding_rate_bp_check check (reduced_withholding_rate_bp between 0 and 10000);

-- The rates new statements are computed with (one row). A statement keeps the rates it used,
-- so changing them never rewrites an old month.
create table reward_settings (
    id boolean constraint reward_settings_pkey primary key default true
        constraint reward_settings_single_row check (id),
    consumption_tax_bp integer not null default 1000
        constraint reward_settings_consumption_tax_bp_check check (consumption_tax_bp between 0 and 10000),
    usage_fee_bp integer not null default 0
        constraint reward_settings_usage_fee_bp_check check (usage_fee_bp between 0 and 10000),
    updated_at timestamptz not null default now()
);
insert into reward_settings default values;

-- A month's statement lines are found by completed date.
create index tasks_done_completed_date_idx on tasks (completed_date) where status = 'done' and not is_invalid;
