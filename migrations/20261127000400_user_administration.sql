-- Staff acting on users (issue 14): admin flags on creators, the record of role changes, and
-- the leave process (active → banned, pending leave → left).

-- A flag staff set on a creator; its presence is the flag (users::flags says what each does).
create table user_admin_flags (
    user_id bigint not null constraint user_admin_flags_user_id_fkey references users (id) on delete cascade,
    flag text not null
        constraint user_admin_flags_flag_check check (flag in ('no_assign', 'no_reply', 'need_attention', 'black',
                                                               'no_assign_editor', 'temporary_offer_stop')),
    set_by bigint constraint user_admin_flags_set_by_fkey references users (id) on delete set null,
    set_at timestamptz not null default now(),
    constraint user_admin_flags_pkey primary key (user_id, flag)
);

-- Who changed whose role, from what to what (an audit trail; never rewritten).
create table user_role_changes (
    id bigserial constraint user_role_changes_pkey primary key,
    user_id bigint not null constraint user_role_changes_user_id_fkey references users (id) on delete cascade,
    from_role text not null,
    to_role text not null,
    changed_by bigint constraint user_role_changes_changed_by_fkey references users (id) on delete set null,
    changed_at timestamptz not null default now()
);
create index user_role_changes_user_id_idx on user_role_changes (user_id);

-- The leave of one user: when it was requested (banned: login refused, hidden from work, money
-- still owed) and completed (left: personal data erased, what the law keeps kept).
create table user_leaves (
    user_id bigint constraint user_leaves_pkey primary key
        constraint user_leaves_user_id_fkey references users (id),
    -- The display name when the leave began: staff can tell who left after the row is erased.
    user_name text not null,
    reason text not null default '',
    banned_at timestamptz not null default now(),
    banned_by bigint constraint user_leaves_banned_by_fkey references users (id) on delete set null,
    left_at timestamptz,
    left_by bigint constraint user_leaves_left_by_fkey references users (id) on delete set null
);
create index user_leaves_banned_at_idx on user_leaves (banned_at desc);
