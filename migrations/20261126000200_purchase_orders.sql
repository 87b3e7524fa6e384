-- Purchase orders (発注書, issue 13): what the Freelance Act (特定受託事業者に係る取引の適正化等に
-- 関する法律) art. 3 requires the operator to state when it orders work from a creator, stored as
-- issued. A row is written when a creator takes a task, and again (a new version) whenever the
-- terms of the taken task change; earlier versions stay, superseded by the newer one
-- (money::purchase_orders). Rows are never changed or removed.

create table purchase_orders (
    id bigserial constraint purchase_orders_pkey primary key,
    -- Not a foreign key: the order is a record of what was agreed and outlives edits of the task.
    task_id bigint not null,
    user_id bigint not null constraint purchase_orders_user_id_fkey references users (id),
    version integer not null constraint purchase_orders_version_check check (version >= 1),
    -- taken (the creator took the task), revised (the terms changed), backfilled (issued by this
    -- migration for a task taken before purchase orders existed).
    reason text not null
        constraint purchase_orders_reason_check check (reason in ('taken', 'revised', 'backfilled')),
    issued_at timestamptz not null default now(),
    -- The issuer (発注者): the operator as configured when issued. Null only on backfilled rows,
    -- written before the database knew the operator; those show the configured operator.
    issuer_name text,
    issuer_address text,
    issuer_invoice_number text,
    -- Whom the work is for.
    client_id bigint,
    client_name text not null,
    media_id bigint,
    media_name text not null,
    project_name text not null,
    work_name text not null,
    -- The recipient (特定受託事業者): the creator as they were.
    recipient_name text not null,
    recipient_account_type text not null
        constraint purchase_orders_recipient_account_type_check check (recipient_account_type in ('personal', 'corporate')),
    recipient_invoice_number text,
    -- The terms: content of the work, amount, dates.
    task_type text not null,
    title text not null,
    -- Yen without consumption tax; null while the amount is not decided yet (未定).
    reward_amount bigint constraint purchase_orders_reward_amount_check check (reward_amount is null or reward_amount >= 0),
    consumption_tax_rate_bp integer not null,
    consumption_tax bigint,
    order_date date not null,
    due_date date,
    delivery_place text not null,
    payment_terms text not null,
    payment_method text not null,
    constraint purchase_orders_version_key unique (task_id, user_id, version),
    constraint purchase_orders_tax_check check ((reward_amount is null) = (consumption_tax is null))
);
create index purchase_orders_user_idx on purchase_orders (user_id, order_date desc, task_id desc);

create function purchase_orders_are_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'purchase orders are append-only: issue a new version instead'
        using errcode = 'restrict_violation';
end
$$;
create trigger purchase_orders_append_only before update or delete on purchase_orders
    for each row execute function purchase_orders_are_append_only();

-- Tasks taken before this migration get their first purchase order now, with the terms they
-- have today. The wording of place, payment terms and method is money::purchase_orders::terms.
insert into purchase_orders (task_id, user_id, version, reason, issued_at, client_id, client_name, media_id,
        media_name, project_name, work_name, recipient_name, recipient_account_type, recipient_invoice_number,
        task_type, title, reward_amount, consumption_tax_rate_bp, consumption_tax, order_date, due_date,
        delivery_place, payment_terms, payment_method)
select t.id, ta.user_id, 1, 'backfilled', now(), c.id, c.company_name, m.id, m.name, p.name, w.name,
       case when u.account_type = 'corporate' and u.company_name <> '' then u.company_name
            else trim(u.last_name || ' ' || u.first_name) end,
       case when u.account_type = 'corporate' then 'corporate' else 'personal' end,
       coalesce(
           (select v.invoice_registration_number from bank_account_versions v
             where v.user_id = ta.user_id
               and v.effective_month <= date_trunc('month', now() at time zone 'Asia/Tokyo')::date
             order by v.effective_month desc, v.id desc limit 1),
           (select b.invoice_registration_number from bank_accounts b where b.user_id = ta.user_id)),
       t.task_type, t.title, t.reward_amount, s.consumption_tax_bp,
       -- floor(amount × rate), as money::rewards::tax::Rate::of.
       t.reward_amount * s.consumption_tax_bp / 10000,
       coalesce(t.order_date, (ta.updated_at at time zone 'Asia/Tokyo')::date), t.due_date,
       'Tsumugi のタスクページ（ファイルのアップロードまたは外部URLの登録による納品）',
       '納品月の翌月末日（毎月末日締め・翌月末日払い。納品物を受領した日から起算して60日以内）',
       '登録口座への銀行振込'
  from task_assignees ta
  join tasks t on t.id = ta.task_id
  join works w on w.id = t.work_id
  join projects p on p.id = w.project_id
  join media m on m.id = p.media_id
  join clients c on c.id = m.client_id
  join users u on u.id = ta.user_id
 cross join reward_settings s
 where ta.state = 'taken';
