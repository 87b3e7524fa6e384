-- Media teams and offers (issue 12): each offer a client sends a creator (the template it came
-- from, snapshotted, and the client's own words), the creator's answer, and the `team_offer`
-- notice type with the medium a notice points at.

create table team_offers (
    id bigserial constraint team_offers_pkey primary key,
    team_id bigint not null constraint team_offers_team_id_fkey references teams (id) on delete cascade,
    user_id bigint not null constraint team_offers_user_id_fkey references users (id) on delete cascade,
    -- The template may be edited or deleted later; the offer keeps what the creator was sent.
    offer_template_id bigint constraint team_offers_offer_template_id_fkey references offer_templates (id) on delete set null,
    template_name text not null,
    template_body text not null,
    message text not null default '',
    offered_by bigint not null constraint team_offers_offered_by_fkey references users (id),
    -- accept, negotiate or decline by the creator; withdrawn when the client took it back.
    answer text
        constraint team_offers_answer_check check (answer in ('accept', 'negotiate', 'decline', 'withdrawn')),
    answer_comment text not null default '',
    answered_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index team_offers_team_user_idx on team_offers (team_id, user_id, id desc);
create index team_offers_user_id_idx on team_offers (user_id, id desc);

-- Add `team_offer` to whatever notice types exist at this point (other slices of the issue may
-- add theirs in their own migrations, in any order): the list is extended, not restated.
do $$
declare
    definition text;
begin
    select pg_get_constraintdef(oid) into definition
      from pg_constraint where conname = 'notices_notice_type_check';
    if position('''team_offer''' in definition) = 0 then
        execute 'alter table notices drop constraint notices_notice_type_check';
        execute 'alter table notices add constraint notices_notice_type_check '
            || replace(definition, 'ARRAY[', 'ARRAY[''team_offer''::text, ');
    end if;
end $$;

-- A team offer notice leads a client to the team's page, which lives under its medium.
alter table notices add column media_id bigint;
