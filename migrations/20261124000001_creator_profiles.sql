-- The creator's profile (spec section 3, Profile) on the user row, the genre catalogue that
-- skills, search and media information refer to, and languages as rows so search can use them.
--
-- The genre catalogue is Tsumugi's own product data (no public package defines which genres a
-- Japanese content platform offers), so it ships here with fixed ids every environment shares.

alter table users
    add column account_type text not null default 'personal'
        constraint users_account_type_check check (account_type in ('personal', 'corporate')),
    add column company_name text not null default '',
    add column representative_name text not null default '',
    add column last_name_kana text not null default '',
    add column first_name_kana text not null default '',
    add column sex text
        constraint users_sex_check check (sex in ('male', 'female', 'other')),
    add column birthday date,
    add column phone_number text not null default '',
    add column prefecture_id smallint constraint users_prefecture_id_fkey references prefectures (id),
    add column postal_code text not null default '',
    add column city_address text not null default '',
    add column street_address text not null default '',
    add column building_name text not null default '',
    add column profile_text text not null default '';

create table genre_groups (
    id bigint constraint genre_groups_pkey primary key,
    name text not null,
    position integer not null
);

-- Top-level genres belong to a group; child genres name their parent genre (and its group).
create table genres (
    id bigint constraint genres_pkey primary key,
    genre_group_id bigint not null constraint genres_genre_group_id_fkey references genre_groups (id),
    parent_genre_id bigint constraint genres_parent_genre_id_fkey references genres (id),
    name text not null,
    position integer not null
);
create index genres_genre_group_id_idx on genres (genre_group_id);
create index genres_parent_genre_id_idx on genres (parent_genre_id);

insert into genre_groups (id, name, position) values
    (1, '記事・コンテンツ分野', 1),
    (2, '制作・編集スキル', 2),
    (3, 'デザイン・イラスト', 3),
    (4, '動画・映像', 4);

insert into genres (id, genre_group_id, parent_genre_id, name, position) values
    (1, 1, null, 'グルメ', 1),
    (2, 1, null, '旅行・観光', 2),
    (3, 1, null, '美容・コスメ', 3),
    (4, 1, null, 'ファッション', 4),
    (5, 1, null, '健康・医療', 5),
    (6, 1, null, 'マネー・金融', 6),
    (7, 1, null, '不動産・住まい', 7),
    (8, 1, null, 'IT・テクノロジー', 8),
    (9, 1, null, 'ビジネス・キャリア', 9),
    (10, 1, null, 'エンタメ', 10),
    (11, 1, null, 'スポーツ', 11),
    (12, 1, null, '子育て・教育', 12),
    (21, 2, null, '取材・インタビュー', 1),
    (22, 2, null, '撮影', 2),
    (23, 2, null, '編集・ディレクション', 3),
    (24, 2, null, '校正・校閲', 4),
    (25, 2, null, 'SEO', 5),
    (26, 2, null, '企画・構成', 6),
    (27, 2, null, '翻訳', 7),
    (28, 2, null, 'CMS 入稿', 8),
    (41, 3, null, 'イラスト', 1),
    (42, 3, null, 'バナー・広告', 2),
    (43, 3, null, 'ロゴ', 3),
    (44, 3, null, 'Web デザイン', 4),
    (45, 3, null, 'DTP・紙面', 5),
    (61, 4, null, '動画撮影', 1),
    (62, 4, null, '動画編集', 2),
    (63, 4, null, '字幕・テロップ', 3),
    (64, 4, null, 'モーショングラフィックス', 4),
    (101, 1, 1, 'ラーメン', 1),
    (102, 1, 1, 'カフェ・スイーツ', 2),
    (103, 1, 1, 'お酒・バー', 3),
    (104, 1, 1, 'レシピ・料理', 4),
    (111, 1, 2, '国内旅行', 1),
    (112, 1, 2, '海外旅行', 2),
    (113, 1, 2, 'ホテル・旅館', 3),
    (131, 1, 3, 'スキンケア', 1),
    (132, 1, 3, 'メイク', 2),
    (133, 1, 3, 'ヘアケア', 3),
    (151, 1, 5, 'ダイエット', 1),
    (152, 1, 5, 'メンタルヘルス', 2),
    (161, 1, 6, '投資', 1),
    (162, 1, 6, '保険', 2),
    (163, 1, 6, '税金・節約', 3),
    (181, 1, 8, 'プログラミング', 1),
    (182, 1, 8, 'ガジェット', 2),
    (183, 1, 8, 'AI', 3),
    (201, 1, 10, '映画', 1),
    (202, 1, 10, '音楽', 2),
    (203, 1, 10, 'アニメ・マンガ', 3),
    (204, 1, 10, 'ゲーム', 4);

-- Skills: one row per genre group a creator works in (genre ids of that group and a note).
alter table user_skills
    add constraint user_skills_genre_group_id_fkey foreign key (genre_group_id) references genre_groups (id),
    add constraint user_skills_user_id_genre_group_id_key unique (user_id, genre_group_id);
create index user_skills_genre_ids_idx on user_skills using gin (genre_ids);

-- Languages a creator speaks (spec ids: english 1 … other 99999) with a level 1..5.
create table user_languages (
    user_id bigint not null constraint user_languages_user_id_fkey references users (id) on delete cascade,
    language_id integer not null
        constraint user_languages_language_id_check check (language_id in (1, 2, 3, 4, 5, 6, 99999)),
    level smallint not null constraint user_languages_level_check check (level between 1 and 5),
    constraint user_languages_pkey primary key (user_id, language_id)
);
create index user_languages_language_id_idx on user_languages (language_id);
