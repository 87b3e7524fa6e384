-- Seeds the reward-confirmation benchmark (`make bench-confirm`): :creators creators (one in
-- seven a corporation, one in forty abroad, most with a bank account version) and :tasks done
-- tasks each, completed in January 2026, all in one medium. Deterministic (no random()).

insert into clients (company_name) values ('ベンチ確定株式会社');
insert into media (client_id, name) select id, 'ベンチ媒体' from clients where company_name = 'ベンチ確定株式会社';
insert into projects (media_id, name, status) select id, 'ベンチ案件', 'doing' from media where name = 'ベンチ媒体';
insert into works (project_id, name) select id, 'ベンチ作品' from projects where name = 'ベンチ案件';
insert into users (mail_address, password_hash, user_name, role)
values ('accountant@bench-confirm.tsumugi.jp', 'unused', 'ベンチ 経理', 'accountant');

insert into users (mail_address, password_hash, user_name, last_name, first_name, role, account_type, company_name, prefecture_id)
select format('creator%s@bench-confirm.tsumugi.jp', n), 'unused', format('作家 %s', n), '作家', n::text,
       'general', case when n % 7 = 0 then 'corporate' else 'personal' end,
       case when n % 7 = 0 then format('株式会社作家%s', n) else '' end,
       case when n % 40 = 0 then 99 end
  from generate_series(1, :creators) n;

insert into bank_account_versions (user_id, bank_name, bank_code, branch_name, branch_code, account_type,
                                   account_number, account_holder_kana, effective_month)
select id, 'ベンチ銀行', '0001', '本店', '001', 'ordinary', lpad((id % 10000000)::text, 7, '0'), 'サッカ タロウ', date '2025-01-01'
  from users where mail_address like 'creator%@bench-confirm.tsumugi.jp' and id % 10 <> 0;

with task_rows as (
    insert into tasks (work_id, task_type, title, status, completed_date, reward_amount)
    select (select id from works where name = 'ベンチ作品'), 'writing', format('記事 %s-%s', u.id, k), 'done',
           date '2026-01-01' + (k % 28), 5000 + (u.id * 37 + k * 1013) % 95000
      from users u cross join generate_series(1, :tasks) k
     where u.mail_address like 'creator%@bench-confirm.tsumugi.jp'
    returning id, title
)
insert into task_assignees (task_id, user_id, state)
select id, split_part(substr(title, 4), '-', 1)::bigint, 'taken' from task_rows;
