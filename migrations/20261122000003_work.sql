-- Work: media of clients, projects with their status, works (products), tasks, assignees,
-- deliveries with their files or external URLs, inspections and offer templates.

create table media (
    id bigserial constraint media_pkey primary key,
    client_id bigint not null constraint media_client_id_fkey references clients (id),
    name text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index media_client_id_idx on media (client_id);

create table projects (
    id bigserial constraint projects_pkey primary key,
    media_id bigint not null constraint projects_media_id_fkey references media (id),
    name text not null,
    description text not null default '',
    status text not null default 'setting'
        constraint projects_status_check check (status in ('setting', 'applying', 'doing', 'under_acceptance', 'done')),
    created_by bigint constraint projects_created_by_fkey references users (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index projects_media_id_idx on projects (media_id);

create table works (
    id bigserial constraint works_pkey primary key,
    project_id bigint not null constraint works_project_id_fkey references projects (id) on delete cascade,
    name text not null,
    is_operation_agency boolean not null default false,
    crm_order_id text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index works_project_id_idx on works (project_id);

create table tasks (
    id bigserial constraint tasks_pkey primary key,
    work_id bigint not null constraint tasks_work_id_fkey references works (id) on delete cascade,
    task_type text not null
        constraint tasks_task_type_check check (task_type in ('work_direction', 'project_direction', 'planning', 'writing',
            'proofreading_and_review', 'supervise', 'coverage_and_shooting', 'content_management_system',
            'illustration_and_design', 'image_selection', 'other')),
    title text not null,
    status text not null default 'applying'
        constraint tasks_status_check check (status in ('applying', 'doing', 'under_acceptance', 'done')),
    order_date date,
    due_date date,
    completed_date date,
    is_invalid boolean not null default false,
    reward_amount bigint constraint tasks_reward_amount_check check (reward_amount is null or reward_amount >= 0),
    tags text[] not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index tasks_work_id_idx on tasks (work_id);
create index tasks_status_idx on tasks (status);

create table task_assignees (
    task_id bigint not null constraint task_assignees_task_id_fkey references tasks (id) on delete cascade,
    user_id bigint not null constraint task_assignees_user_id_fkey references users (id),
    state text not null default 'offered'
        constraint task_assignees_state_check check (state in ('offered', 'taken')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint task_assignees_pkey primary key (task_id, user_id)
);
create index task_assignees_user_id_idx on task_assignees (user_id);

create table deliveries (
    id bigserial constraint deliveries_pkey primary key,
    task_id bigint not null constraint deliveries_task_id_fkey references tasks (id) on delete cascade,
    user_id bigint not null constraint deliveries_user_id_fkey references users (id),
    delivery_type text not null constraint deliveries_delivery_type_check check (delivery_type in ('file', 'external')),
    url text,
    created_at timestamptz not null default now(),
    constraint deliveries_url_check check ((delivery_type = 'external') = (url is not null))
);
create index deliveries_task_id_idx on deliveries (task_id);

create table delivery_files (
    delivery_id bigint not null constraint delivery_files_delivery_id_fkey references deliveries (id) on delete cascade,
    file_id bigint not null constraint delivery_files_file_id_fkey references files (id),
    constraint delivery_files_pkey primary key (delivery_id, file_id)
);

create table inspections (
    id bigserial constraint inspections_pkey primary key,
    task_id bigint not null constraint inspections_task_id_fkey references tasks (id) on delete cascade,
    result text not null constraint inspections_result_check check (result in ('accepted', 'rejected')),
    reason text,
    inspected_by bigint not null constraint inspections_inspected_by_fkey references users (id),
    created_at timestamptz not null default now(),
    constraint inspections_reason_check check (result = 'accepted' or reason is not null)
);
create index inspections_task_id_idx on inspections (task_id);

create table offer_templates (
    id bigserial constraint offer_templates_pkey primary key,
    name text not null,
    body text not null default '',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
