-- Seeds the message-search benchmark (`make bench-search-messages`): :messages messages in
-- :channels group channels of one team, written by 50 creators with a skewed pick from a
-- business vocabulary of 160 words (4–12 words a message, deterministic from the row number:
-- no random()); the caller bench-messages@… is a member of :member_of of the channels (every
-- 40th), its session token bench-search-messages (stored as a SHA-256 digest, like real ones).

insert into teams (name) values ('メッセージ検索ベンチ');
insert into channels (team_id, name, channel_type)
select (select id from teams where name = 'メッセージ検索ベンチ'), format('検索ベンチ%s', c), 'group'
  from generate_series(1, :channels) c;
create temporary table bench_channels as
select row_number() over (order by id) - 1 as k, id from channels
 where team_id = (select id from teams where name = 'メッセージ検索ベンチ');

insert into users (mail_address, password_hash, user_name, role)
select format('writer%s@bench-messages.tsumugi.jp', w), 'unused', format('書き手 %s', w), 'general'
  from generate_series(1, 50) w;
insert into users (mail_address, password_hash, user_name, role)
values ('bench-messages@bench-messages.tsumugi.jp', 'unused', 'ベンチ 検索者', 'general');
create temporary table bench_writers as
select row_number() over (order by id) - 1 as k, id from users
 where mail_address like 'writer%@bench-messages.tsumugi.jp';

insert into channel_members (channel_id, user_id)
select c.id, (select id from users where mail_address = 'bench-messages@bench-messages.tsumugi.jp')
  from bench_channels c where c.k % (:channels / :member_of) = 7 % (:channels / :member_of)
 limit :member_of;

create temporary table bench_vocab (rank int primary key, word text);
insert into bench_vocab
select rank, word from unnest(string_to_array(
'の,に,は,を,が,で,と,も,です,ます,お願いします,ありがとうございます,確認,納期,校正,赤字,原稿,修正,デザイン,イラスト,ラフ,入稿,締切,明日,今日,来週,午前,午後,データ,ファイル,送付,共有,対応,了解,承知しました,よろしく,お疲れさまです,チェック,表紙,ページ,レイアウト,フォント,写真,撮影,記事,取材,ライター,編集,担当,クライアント,打ち合わせ,会議,資料,請求,見積,発注,納品,検収,差し替え,色校,本文,タイトル,キャッチ,コピー,ロゴ,バナー,サイズ,解像度,トリミング,文字,段落,改行,誤字,脱字,表記,統一,ルビ,注釈,図版,キャプション,目次,索引,奥付,印刷,製本,部数,配送,住所,電話,メール,連絡,返信,至急,少々,お待ちください,進捗,予定,変更,延期,前倒し,調整,スケジュール,カレンダー,月曜,火曜,水曜,木曜,金曜,週末,朝,夜,東京,大阪,新宿,渋谷,カフェ,オンライン,ＺＯＯＭ,ｓｌａｃｋ,PDF,JPEG,ｱﾄﾞﾚｽ,赤,青,黒,白,大,小,上,下,右,左,前,後,中,外,新,旧,早,遅,良,悪,件,点,箇所,部分,全体,一部,最終,初稿,再校,三校,念校,責了,校了,OK,NG', ',')) with ordinality as v(word, rank);

-- Word i of message n: a skewed index (the low numbers, particles and common words, most often)
-- from an MD5 hash of (n, i). (A multiplicative hash made a message's words an arithmetic
-- progression, so words of neighbouring ranks never met in one message and every two-word
-- query found nothing.)
insert into messages (channel_id, user_id, body, created_at, updated_at)
select (select id from bench_channels where k = n % :channels),
       (select id from bench_writers where k = n % 50),
       (select string_agg(v.word, '' order by i)
          from generate_series(1, 4 + n % 9) i
          join bench_vocab v on v.rank = 1 + floor(160 * power(('x' || substr(md5(n || ':' || i), 1, 8))::bit(32)::bigint / 4294967296.0, 2.2))::int),
       now() - make_interval(secs => (:messages - n) * 30), now() - make_interval(secs => (:messages - n) * 30)
  from generate_series(1, :messages) n;

insert into sessions (id, token_hash, user_id, expires_at)
select gen_random_uuid(), sha256(convert_to('bench-search-messages', 'UTF8')), id, now() + interval '1 day'
  from users where mail_address = 'bench-messages@bench-messages.tsumugi.jp';

select count(*) from channel_members where user_id = (select id from users where mail_address = 'bench-messages@bench-messages.tsumugi.jp');
