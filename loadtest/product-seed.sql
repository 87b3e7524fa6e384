-- Seeds the product-path benchmark: :channels group channels of :members members each, a
-- publisher in every channel, and sessions whose tokens are bench-token-<n> and
-- bench-token-publisher (stored as SHA-256 digests, like real sessions).
insert into teams (name) values ('ベンチマーク');

insert into users (mail_address, password_hash, user_name, role)
select format('bench%s@bench.tsumugi.jp', n), 'unused', format('ベンチ %s', n), 'general'
  from generate_series(0, :channels * :members - 1) n;
insert into users (mail_address, password_hash, user_name, role)
values ('publisher@bench.tsumugi.jp', 'unused', 'ベンチ 配信者', 'general');

insert into channels (team_id, name, channel_type)
select (select id from teams where name = 'ベンチマーク'), format('bench-%s', lpad(c::text, 6, '0')), 'group'
  from generate_series(0, :channels - 1) c;

insert into channel_members (channel_id, user_id)
select ch.id, u.id
  from users u
  join channels ch on ch.name = format('bench-%s', lpad((substring(u.mail_address from '^bench(\d+)@')::int / :members)::text, 6, '0'))
 where u.mail_address ~ '^bench\d+@bench\.tsumugi\.jp$';
insert into channel_members (channel_id, user_id)
select ch.id, (select id from users where mail_address = 'publisher@bench.tsumugi.jp')
  from channels ch where ch.name like 'bench-%';

insert into sessions (id, token_hash, user_id, expires_at)
select gen_random_uuid(),
       sha256(convert_to('bench-token-' || coalesce(substring(u.mail_address from '^bench(\d+)@'), 'publisher'), 'UTF8')),
       u.id, now() + interval '1 day'
  from users u where u.mail_address like '%@bench.tsumugi.jp';

select min(id) as first_channel from channels where name like 'bench-%';
