-- A creator's own information beyond the profile: possible works keyed by work type, the files
-- of the portfolio, and the job / qualification answers.

-- Possible works name the spec's work type (work_direction … other); `work_name` keeps the
-- Japanese label. Rows written before the key existed are matched by label, the demo's
-- 「記事執筆」 is writing, anything else is other; one row per work type and user.
alter table possible_works add column work_type text;
update possible_works set work_type = case work_name
        when 'ディレクション(作品)' then 'work_direction'
        when 'ディレクション(案件)' then 'project_direction'
        when '企画' then 'planning'
        when '執筆' then 'writing'
        when '記事執筆' then 'writing'
        when '校正・校閲' then 'proofreading_and_review'
        when '監修' then 'supervise'
        when '取材・撮影' then 'coverage_and_shooting'
        when 'CMS入稿' then 'content_management_system'
        when 'イラスト・デザイン' then 'illustration_and_design'
        when '画像選定' then 'image_selection'
        else 'other'
    end;
delete from possible_works w
 where exists (select 1 from possible_works o
                where o.user_id = w.user_id and o.work_type = w.work_type and o.id < w.id);
alter table possible_works
    alter column work_type set not null,
    add constraint possible_works_work_type_check check (work_type in ('work_direction',
        'project_direction', 'planning', 'writing', 'proofreading_and_review', 'supervise',
        'coverage_and_shooting', 'content_management_system', 'illustration_and_design',
        'image_selection', 'other')),
    add constraint possible_works_user_id_work_type_key unique (user_id, work_type);

-- The files shown with a portfolio (uploaded through POST /files by the creator), in order.
create table portfolio_files (
    user_id bigint not null constraint portfolio_files_user_id_fkey references users (id) on delete cascade,
    file_id bigint not null constraint portfolio_files_file_id_fkey references files (id) on delete cascade,
    position smallint not null,
    constraint portfolio_files_pkey primary key (user_id, file_id)
);
create index portfolio_files_file_id_idx on portfolio_files (file_id);

-- Job and qualification information (職業・資格情報).
create table user_jobs (
    user_id bigint constraint user_jobs_pkey primary key
        constraint user_jobs_user_id_fkey references users (id) on delete cascade,
    occupation text not null constraint user_jobs_occupation_check
        check (occupation in ('company_employee', 'self_employed', 'student', 'homemaker', 'other')),
    years_of_experience smallint constraint user_jobs_years_of_experience_check
        check (years_of_experience between 0 and 80),
    qualifications text[] not null default '{}',
    office_software text[] not null default '{}'
        constraint user_jobs_office_software_check check (office_software <@ array['word', 'excel', 'powerpoint']),
    updated_at timestamptz not null default now()
);
