-- Seeds make bench-manuscripts on top of the demo data (SEED_DEMO=1): :editors staff managers
-- (who edit every manuscript, api/src/manuscripts/access.rs) with sessions whose tokens are
-- ms-bench-token-<n> (stored as SHA-256 digests, like real sessions), and two new writing
-- tasks in a work of the demo client: the first for the co-editing run (its manuscript is
-- created through REST by the scenario), the second for the open run. Prints
-- "<co-editing task> <open task> <first editor's user id>".
insert into users (mail_address, password_hash, user_name, role)
select format('ms-bench%s@bench.tsumugi.jp', n), 'unused', format('原稿ベンチ %s', n), 'manager'
  from generate_series(0, :editors - 1) n;

insert into sessions (id, token_hash, user_id, expires_at)
select gen_random_uuid(),
       sha256(convert_to('ms-bench-token-' || substring(u.mail_address from '^ms-bench(\d+)@'), 'UTF8')),
       u.id, now() + interval '1 day'
  from users u where u.mail_address like 'ms-bench%@bench.tsumugi.jp';

with w as (
  select w.id from works w join projects p on p.id = w.project_id join media m on m.id = p.media_id
   where m.client_id = (select client_id from users where mail_address = 'client@demo.tsumugi.jp')
     and not w.is_operation_agency
   order by w.id limit 1
)
insert into tasks (work_id, task_type, title, status)
select w.id, 'writing', t.title, 'doing'
  from w, (values ('原稿ベンチ 共同編集'), ('原稿ベンチ 5万字')) t(title);

select (select id from tasks where title = '原稿ベンチ 共同編集') || ' ' ||
       (select id from tasks where title = '原稿ベンチ 5万字') || ' ' ||
       (select id from users where mail_address = 'ms-bench0@bench.tsumugi.jp');
