-- Message search (GET /api/messages/search, docs/decisions/message-search.md).
--
-- Japanese queries are mostly one or two characters (「納期」「赤」), which word-based full text
-- search and pg_trgm's three-character grams do not serve. Each live message is indexed by the
-- distinct single characters and character pairs of its folded text, each prefixed with the
-- message's channel ('12 納期'): a search within the caller's channels then reads only the
-- small posting lists of those channels' keys, whatever the size of the whole table. A
-- one-character word is one key, a two-character word one pair, a longer word all its pairs
-- (then checked in order with `like`).

-- The folding both sides use (the query's words are folded the same way by
-- chat::search::fold, held to this function by a test): NFKC (full-width letters and digits,
-- half-width katakana), lower case, katakana as hiragana.
create function chat_search_fold(t text) returns text
    language sql immutable strict parallel safe
    return translate(lower(normalize(t, nfkc)),
        'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ',
        'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ');

-- The index keys of a message: its channel, a space, and each distinct character and character
-- pair of its folded text that holds no whitespace.
create function chat_search_keys(channel_id bigint, t text) returns tsvector
    language sql immutable strict parallel safe
    return (select array_to_tsvector(coalesce(array_agg(distinct channel_id || ' ' || g), '{}')) from (
                select substr(t, i, 1) as g from generate_series(1, length(t)) i
                union all
                select substr(t, i, 2) from generate_series(1, length(t) - 1) i) s
             where g !~ '\s');

-- The query of a search: in one of the channels, every one of the keys.
create function chat_search_query(channel_ids bigint[], grams text[]) returns tsquery
    language sql immutable strict parallel safe
    return (select string_agg('(' || (
                select string_agg('''' || replace(replace(c || ' ' || g, '\', '\\'), '''', '''''') || '''', ' & ')
                  from unnest(grams) g) || ')', ' | ')::tsquery
              from unnest(channel_ids) c);

alter table messages add column search_text text generated always as (chat_search_fold(body)) stored;

create index messages_search_idx on messages using gin (chat_search_keys(channel_id, search_text))
    where deleted_at is null;
