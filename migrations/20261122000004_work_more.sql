-- Work, continued: declined offers, where finished work was published, monthly delivery
-- reports, and the built-in CRM unit pricing table used when no external CRM is configured.

alter table task_assignees drop constraint task_assignees_state_check;
alter table task_assignees add constraint task_assignees_state_check
    check (state in ('offered', 'taken', 'declined'));

create table uploaded_destinations (
    id bigserial constraint uploaded_destinations_pkey primary key,
    task_id bigint not null constraint uploaded_destinations_task_id_fkey references tasks (id) on delete cascade,
    name text not null,
    url text not null,
    created_by bigint not null constraint uploaded_destinations_created_by_fkey references users (id),
    created_at timestamptz not null default now()
);
create index uploaded_destinations_task_id_idx on uploaded_destinations (task_id);

create table delivery_reports (
    id bigserial constraint delivery_reports_pkey primary key,
    media_id bigint not null constraint delivery_reports_media_id_fkey references media (id),
    year integer not null constraint delivery_reports_year_check check (year between 2000 and 2100),
    month integer not null constraint delivery_reports_month_check check (month between 1 and 12),
    task_count bigint not null,
    reward_total bigint not null,
    created_by bigint not null constraint delivery_reports_created_by_fkey references users (id),
    created_at timestamptz not null default now(),
    constraint delivery_reports_media_month_key unique (media_id, year, month)
);

create table crm_unit_prices (
    crm_order_id text not null,
    task_type text not null,
    unit_price bigint not null constraint crm_unit_prices_unit_price_check check (unit_price >= 0),
    constraint crm_unit_prices_pkey primary key (crm_order_id, task_type)
);
