-- Seeds the REST pages benchmark (scripts/bench-rest.sh) on top of the demo data and the
-- creator-search seed: a group channel of creator@demo.tsumugi.jp and the six demo writers
-- with :messages messages (every 7th with reactions, every 11th mentioning the creator), the
-- creator's read position 40 messages before the end, :notices task notices (a third unread),
-- and :tasks more tasks over the demo works, 4 in 80 taken by the creator (one of each status). A session whose
-- token is bench-rest-creator (stored as a SHA-256 digest, like real sessions). Deterministic:
-- everything derives from the row number. Prints the channel id.

insert into teams (name) values ('RESTベンチ');
insert into channels (team_id, name, channel_type)
values ((select id from teams where name = 'RESTベンチ'), 'rest-bench', 'group');
insert into team_members (team_id, user_id, status)
select (select id from teams where name = 'RESTベンチ'), u.id, 'assignable'
  from users u where u.mail_address ~ '^(creator|writer0[1-6])@demo\.tsumugi\.jp$';
insert into channel_members (channel_id, user_id)
select (select id from channels where name = 'rest-bench'), u.id
  from users u where u.mail_address ~ '^(creator|writer0[1-6])@demo\.tsumugi\.jp$';

create temporary table bench_members as
select row_number() over (order by u.id) - 1 as k, u.id
  from users u where u.mail_address ~ '^(creator|writer0[1-6])@demo\.tsumugi\.jp$';

insert into messages (channel_id, user_id, body, created_at, updated_at)
select (select id from channels where name = 'rest-bench'),
       (select id from bench_members where k = n % 7),
       case when n % 11 = 0
            then format('<@%s> 第%s稿の確認をお願いします。', (select id from users where mail_address = 'creator@demo.tsumugi.jp'), n)
            else format('ベンチマークのメッセージ %s：構成案の見出しを修正しました。', n) end,
       now() - make_interval(secs => :messages - n), now() - make_interval(secs => :messages - n)
  from generate_series(1, :messages) n;

insert into message_mentions (message_id, user_id)
select m.id, (select id from users where mail_address = 'creator@demo.tsumugi.jp')
  from messages m where m.channel_id = (select id from channels where name = 'rest-bench') and m.body like '<@%';

insert into message_reactions (message_id, reaction_id, user_id)
select m.id, r.id, b.id
  from messages m
  join reactions r on r.sort_order = (select min(sort_order) from reactions)
  join bench_members b on b.k < 3
 where m.channel_id = (select id from channels where name = 'rest-bench') and m.id % 7 = 0;

update channel_members cm set last_read_message_id = (
    select id from messages where channel_id = cm.channel_id order by id desc offset 40 limit 1)
 where cm.channel_id = (select id from channels where name = 'rest-bench')
   and cm.user_id = (select id from users where mail_address = 'creator@demo.tsumugi.jp');

insert into notices (user_id, notice_type, message, is_read, created_at)
select (select id from users where mail_address = 'creator@demo.tsumugi.jp'),
       (array['order_task', 'reject_delivery', 'inspected_delivery', 'check_delivery'])[1 + n % 4],
       format('ベンチマークのお知らせ %s：タスクの状態が変わりました。', n),
       n % 3 <> 0, now() - make_interval(mins => :notices - n)
  from generate_series(1, :notices) n;

create temporary table bench_works as
select row_number() over (order by id) - 1 as k, id from works;
insert into tasks (work_id, task_type, title, status, order_date, due_date, reward_amount)
select (select id from bench_works where k = n % (select count(*) from bench_works)),
       (array['writing', 'proofreading_and_review', 'planning', 'illustration_and_design'])[1 + n % 4],
       format('ベンチタスク %s', n),
       (array['applying', 'doing', 'under_acceptance', 'done'])[1 + n % 4],
       current_date - (n % 30), current_date + (n % 30), 10000 + (n % 10) * 1000
  from generate_series(1, :tasks) n;
insert into task_assignees (task_id, user_id, state)
select t.id, (select id from users where mail_address = 'creator@demo.tsumugi.jp'), 'taken'
  from tasks t where t.title like 'ベンチタスク %' and substring(t.title from '\d+$')::int % 80 < 4;

insert into sessions (id, token_hash, user_id, expires_at)
select gen_random_uuid(), sha256(convert_to('bench-rest-creator', 'UTF8')), id, now() + interval '1 day'
  from users where mail_address = 'creator@demo.tsumugi.jp';

select id from channels where name = 'rest-bench';
