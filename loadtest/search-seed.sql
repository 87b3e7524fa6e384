-- Seeds the creator-search benchmark (`make bench-search`): :creators creators with skills,
-- languages, tags, birthdays over every age band, prefectures (2.5% overseas) and work
-- statuses, all derived from the row number n (deterministic, no random()); a client and a
-- manager whose sessions are bench-search-client and bench-search-manager (stored as SHA-256
-- digests, like real sessions). Prints the first tag id.

insert into search_tags (name)
select format('ベンチタグ%s', t) from generate_series(1, 20) t;

insert into clients (company_name) values ('ベンチ検索株式会社');
insert into users (mail_address, password_hash, user_name, role, client_id)
values ('client@bench-search.tsumugi.jp', 'unused', 'ベンチ 顧客', 'client',
        (select id from clients where company_name = 'ベンチ検索株式会社'));
insert into users (mail_address, password_hash, user_name, role)
values ('manager@bench-search.tsumugi.jp', 'unused', 'ベンチ 運営', 'manager');

create temporary table bench_names (n int primary key, family text, given text, topic text, craft text, extra text);
insert into bench_names
select n,
       (array['青木','石川','上田','遠藤','大野','加藤','木村','工藤','小林','斉藤','清水','杉山','関口','高田','千葉','辻','中島','西村','野口','橋本'])[1 + n % 20],
       (array['葵','蓮','結衣','大翔','陽菜','悠真','美月','湊','凛','颯太','紬','樹','芽依','律','心春','陸'])[1 + (n * 7) % 16],
       (array['グルメ','旅行','美容','ファッション','健康','マネー','住まい','IT','キャリア','エンタメ','スポーツ','子育て'])[1 + n % 12],
       (array['取材・インタビュー','撮影','編集','校正','SEO ライティング','企画構成','翻訳','動画編集','イラスト','Web デザイン'])[1 + (n / 12) % 10],
       (array['', '週末のみ対応。', '医療系の監修経験あり。', '英語の資料も読めます。', '地方取材も可能です。',
              '納期厳守を心がけています。', 'SNS 運用の経験があります。', 'ラジオ構成作家の経験あり。', '海外在住です。'])[1 + (n * 31) % 9]
  from generate_series(1, :creators) n;

insert into users (mail_address, password_hash, user_name, last_name, first_name, role, account_status, work_status,
                   birthday, prefecture_id, profile_text, created_at)
select format('creator%s@bench-search.tsumugi.jp', b.n), 'unused',
       b.family || ' ' || b.given, b.family, b.given,
       case when b.n % 10 = 0 then 'editor_assistant' else 'general' end,
       case when b.n % 50 = 0 then 'banned' else 'active' end,
       (array['not_set','accepting','conditionally_accepting','not_accepting'])[1 + (b.n * 3) % 4],
       current_date - (16 * 365 + (b.n * 7919) % (55 * 365)),
       case when b.n % 40 = 0 then 99 else 1 + (b.n * 13) % 47 end,
       format('%sの記事を中心に、%sを担当しています。経験%s年。%s', b.topic, b.craft, 1 + b.n % 20, b.extra),
       timestamptz '2026-01-01 00:00+09' + b.n * interval '1 minute'
  from bench_names b
 order by b.n;

create temporary table bench_creators as
select u.id, substring(u.mail_address from '^creator(\d+)@')::int as n
  from users u where u.mail_address like 'creator%@bench-search.tsumugi.jp';
create index on bench_creators (n);

-- Every creator works in group 1 (one top-level genre, sometimes a child genre), half also in
-- group 2, a quarter in group 3, an eighth in group 4.
insert into user_skills (user_id, genre_group_id, genre_ids, detail)
select c.id, 1,
       case when c.n % 3 = 0 then array[1 + c.n % 12, (array[101,111,131,151,161,181,201])[1 + c.n % 7]]::bigint[]
            else array[1 + c.n % 12, 1 + (c.n / 12) % 12]::bigint[] end,
       format('%sの記事を月%s本ほど執筆。', (array['グルメ','旅行','美容','ファッション','健康','マネー','住まい','IT','キャリア','エンタメ','スポーツ','子育て'])[1 + c.n % 12], 2 + c.n % 15)
  from bench_creators c;
insert into user_skills (user_id, genre_group_id, genre_ids, detail)
select c.id, 2, array[21 + c.n % 8]::bigint[], '取材から編集まで対応します。'
  from bench_creators c where c.n % 2 = 0;
insert into user_skills (user_id, genre_group_id, genre_ids, detail)
select c.id, 3, array[41 + c.n % 5]::bigint[], 'バナーやイラストの制作実績があります。'
  from bench_creators c where c.n % 4 = 1;
insert into user_skills (user_id, genre_group_id, genre_ids, detail)
select c.id, 4, array[61 + c.n % 4]::bigint[], 'YouTube 向けの動画編集。'
  from bench_creators c where c.n % 8 = 3;

insert into user_languages (user_id, language_id, level)
select c.id, (array[1, 2, 3, 4, 5, 6, 99999])[1 + (c.n / 3) % 7], 1 + c.n % 5
  from bench_creators c where c.n % 3 = 0;

-- A fifth carry a tag; every 33rd carries one as exclude type.
insert into user_search_tags (user_id, search_tag_id)
select c.id, (select min(id) from search_tags where name like 'ベンチタグ%') + c.n % 20
  from bench_creators c where c.n % 5 = 0;
insert into user_search_tags (user_id, search_tag_id, is_exclude_type)
select c.id, (select min(id) from search_tags where name like 'ベンチタグ%') + (c.n + 7) % 20, true
  from bench_creators c where c.n % 33 = 0
on conflict do nothing;

insert into sessions (id, token_hash, user_id, expires_at)
select gen_random_uuid(), sha256(convert_to(t.token, 'UTF8')), u.id, now() + interval '1 day'
  from (values ('client@bench-search.tsumugi.jp', 'bench-search-client'),
               ('manager@bench-search.tsumugi.jp', 'bench-search-manager')) as t(mail, token)
  join users u on u.mail_address = t.mail;

select min(id) from search_tags where name like 'ベンチタグ%';
