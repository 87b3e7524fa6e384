//! `GET /users/search`: the filter read from the query string and the SQL built from it with
//! `QueryBuilder` and bound values only. Within one key the values are alternatives (any of
//! the genres, any of the age bands …); different keys all apply.

use chrono::NaiveDate;
use sqlx::{Postgres, QueryBuilder};

use crate::creators::access::{self, Viewer};
use crate::creators::model::{AgeBand, Region};
use crate::master::OVERSEAS_PREFECTURE_ID;
use crate::platform::error::AppResult;
use crate::platform::pagination::Paging;
use crate::platform::query::{list_param, single_param};
use crate::platform::validation::Validator;
use crate::users::model::WorkStatus;

/// Results per page.
pub const PER_PAGE: i64 = 20;
/// At most this many words are looked up; more are ignored.
pub const MAX_WORDS: usize = 5;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchFilter {
    pub genre_ids: Vec<i64>,
    pub genre_group_ids: Vec<i64>,
    pub work_statuses: Vec<WorkStatus>,
    pub search_tag_ids: Vec<i64>,
    pub exclude_search_tag_ids: Vec<i64>,
    pub age_bands: Vec<AgeBand>,
    pub region: Option<Region>,
    pub prefecture_ids: Vec<i16>,
    pub language_ids: Vec<i32>,
    /// Split on spaces (full-width too); every word must be found.
    pub words: Vec<String>,
    /// Staff asking for the creators whose admin flags stop offers (`users::flags`); clients
    /// never find them.
    pub include_offer_stopped: bool,
    /// From 1.
    pub page: i64,
}

fn ids<T: std::str::FromStr>(query: Option<&str>, key: &str, v: &mut Validator) -> Vec<T> {
    let mut out = Vec::new();
    for value in list_param(query, key) {
        match value.trim().parse() {
            Ok(id) => out.push(id),
            Err(_) if value.trim().is_empty() => {}
            Err(_) => {
                if !v.failed(key) {
                    v.fail(key, "integer");
                }
            }
        }
    }
    out
}

fn members<T>(
    query: Option<&str>,
    key: &str,
    parse: fn(&str) -> Option<T>,
    rule: fn() -> String,
    v: &mut Validator,
) -> Vec<T> {
    let mut out = Vec::new();
    for value in list_param(query, key) {
        match parse(&value) {
            Some(member) => out.push(member),
            None if value.is_empty() => {}
            None => {
                if !v.failed(key) {
                    v.fail(key, rule());
                }
            }
        }
    }
    out
}

impl SearchFilter {
    /// Whether a condition other than genres, work statuses and the viewer's own needs the
    /// creator's search row `c` (the per-genre rows do not carry it).
    fn needs_creator_row(&self) -> bool {
        // Derived rather than listed, so a filter added later walks the creator rows until the
        // genre rows are taught to carry it.
        *self
            != SearchFilter {
                genre_ids: self.genre_ids.clone(),
                work_statuses: self.work_statuses.clone(),
                include_offer_stopped: self.include_offer_stopped,
                page: self.page,
                ..SearchFilter::default()
            }
    }

    /// Reads `key[]` parameters; an unknown enum value or a malformed id is a 422 on its key.
    pub fn from_query(query: Option<&str>) -> AppResult<SearchFilter> {
        let mut v = Validator::new();
        let region = match single_param(query, "region") {
            None => None,
            Some(value) => {
                let region = Region::parse(&value);
                if region.is_none() {
                    v.fail("region", Region::rule());
                }
                region
            }
        };
        let page = match single_param(query, "page").map(|p| p.trim().parse::<i64>()) {
            None => None,
            Some(Ok(page)) => Some(page),
            Some(Err(_)) => {
                v.fail("page", "integer");
                None
            }
        };
        let words = single_param(query, "words")
            .unwrap_or_default()
            .split(|c: char| c.is_whitespace() || c == '\u{3000}')
            .filter(|w| !w.is_empty())
            .take(MAX_WORDS)
            .map(str::to_owned)
            .collect();
        let filter = SearchFilter {
            genre_ids: ids(query, "genre_ids", &mut v),
            genre_group_ids: ids(query, "genre_group_ids", &mut v),
            work_statuses: members(
                query,
                "work_statuses",
                WorkStatus::parse,
                WorkStatus::rule,
                &mut v,
            ),
            search_tag_ids: ids(query, "search_tag_ids", &mut v),
            exclude_search_tag_ids: ids(query, "exclude_search_tag_ids", &mut v),
            age_bands: members(query, "age_bands", AgeBand::parse, AgeBand::rule, &mut v),
            region,
            prefecture_ids: ids(query, "prefecture_ids", &mut v),
            language_ids: ids(query, "language_ids", &mut v),
            words,
            include_offer_stopped: matches!(
                single_param(query, "include_offer_stopped").as_deref(),
                Some("1" | "true")
            ),
            page: 1,
        };
        v.finish()?;
        Ok(SearchFilter {
            page: Paging::requested(page, 1)?,
            ..filter
        })
    }
}

/// `%word%` for `like`, with the pattern characters of the word taken literally.
fn contains_pattern(word: &str) -> String {
    let mut escaped = String::with_capacity(word.len() + 2);
    escaped.push('%');
    for c in word.chars() {
        if matches!(c, '\\' | '%' | '_') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped.push('%');
    escaped
}

/// The rows a search walks, and the alias that carries the creator's id, status, activity,
/// admin flags and age (what every search filters and orders by).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// `creator_search c`: one row per creator.
    Creators,
    /// `creator_genre_search g` (migration `20261201000100_creator_genre_search.sql`): one row
    /// per creator and genre they are found by, so asking for genres (and statuses) is one index
    /// range per genre. Only when nothing else is asked: joined to the creator rows for words or
    /// tags, the planner walked the genre rows into costly row filters (two words + a genre took
    /// 61 ms at p99 against 20 through the creator rows, `user-search.md`). With several genres
    /// a creator can be met more than once.
    Genres { several: bool },
}

impl Walk {
    fn of(filter: &SearchFilter) -> Walk {
        if filter.genre_ids.is_empty() || filter.needs_creator_row() {
            Walk::Creators
        } else {
            Walk::Genres {
                several: filter.genre_ids.len() > 1,
            }
        }
    }

    fn alias(self) -> &'static str {
        match self {
            Walk::Creators => "c",
            Walk::Genres { .. } => "g",
        }
    }

    fn several(self) -> bool {
        matches!(self, Walk::Genres { several: true, .. })
    }
}

/// `from … where …`: the creators the viewer may find that match the filter, with ages counted
/// on `today`. Every condition is on a search row kept for it (the migrations
/// `20261124000300_creator_search.sql` and `20261201000100_creator_genre_search.sql`), so each
/// is an index condition.
fn push_from_where(
    q: &mut QueryBuilder<Postgres>,
    walk: Walk,
    filter: &SearchFilter,
    viewer: Viewer,
    today: NaiveDate,
) {
    let d = walk.alias();
    q.push(match walk {
        Walk::Creators => " from creator_search c where ",
        Walk::Genres { .. } => " from creator_genre_search g where ",
    });
    access::push_searchable(q, viewer, d);
    if !(filter.include_offer_stopped && matches!(viewer, Viewer::Staff { .. })) {
        // The row carries the creator's flags; most carry none, which is checked first.
        q.push(format!(
            " and ({d}.admin_flags = '{{}}' or not {d}.admin_flags && "
        ));
        q.push_bind(crate::users::flags::HIDE_FROM_SEARCH.to_vec());
        q.push(")");
    }
    push_one_of(q, &format!("{d}.work_status"), &filter.work_statuses);
    // A genre also finds the creators of its child genres.
    match walk {
        // They have a row for it too.
        Walk::Genres { .. } => push_one_of(q, "g.genre_id", &filter.genre_ids),
        Walk::Creators if !filter.genre_ids.is_empty() => {
            q.push(" and c.genre_ids && array(select g.id from genres g where g.id = any(");
            q.push_bind(filter.genre_ids.clone());
            q.push(") or g.parent_genre_id = any(");
            q.push_bind(filter.genre_ids.clone());
            q.push("))");
        }
        Walk::Creators => {}
    }
    if !filter.genre_group_ids.is_empty() {
        q.push(" and c.genre_group_ids && ");
        q.push_bind(filter.genre_group_ids.clone());
    }
    if !filter.search_tag_ids.is_empty() {
        q.push(" and c.tag_ids && ");
        q.push_bind(filter.search_tag_ids.clone());
    }
    if !filter.exclude_search_tag_ids.is_empty() {
        q.push(" and not c.any_tag_ids && ");
        q.push_bind(filter.exclude_search_tag_ids.clone());
    }
    if !filter.age_bands.is_empty() {
        q.push(" and (");
        for (i, band) in filter.age_bands.iter().enumerate() {
            let (after, up_to) = band.birthday_range(today);
            if i > 0 {
                q.push(" or ");
            }
            q.push("(c.birthday > ");
            q.push_bind(after);
            q.push(" and c.birthday <= ");
            q.push_bind(up_to);
            q.push(")");
        }
        q.push(")");
    }
    match filter.region {
        None => {}
        Some(Region::Japan) => {
            q.push(" and c.prefecture_id <> ");
            q.push_bind(OVERSEAS_PREFECTURE_ID);
        }
        Some(Region::Overseas) => {
            q.push(" and c.prefecture_id = ");
            q.push_bind(OVERSEAS_PREFECTURE_ID);
        }
    }
    if !filter.prefecture_ids.is_empty() {
        q.push(" and c.prefecture_id = any(");
        q.push_bind(filter.prefecture_ids.clone());
        q.push(")");
    }
    if !filter.language_ids.is_empty() {
        q.push(" and c.language_ids && ");
        q.push_bind(filter.language_ids.clone());
    }
    for word in &filter.words {
        // The word's bigrams through the GIN index, then the word itself.
        if word.chars().count() >= 2 {
            q.push(" and search_bigrams(c.search_text) @> search_bigrams(lower(");
            q.push_bind(word.clone());
            q.push("))");
        }
        q.push(" and c.search_text like lower(");
        q.push_bind(contains_pattern(word));
        q.push(")");
    }
}

/// ` and {column} = $n` for one value, ` and {column} = any($n)` for several, nothing for none.
/// With one genre and one status the index gives the rows newest first and a page stops after
/// its 20; with `any` PostgreSQL sorts every match first.
fn push_one_of<T>(q: &mut QueryBuilder<Postgres>, column: &str, values: &[T])
where
    T: Clone + Send + sqlx::Type<Postgres> + sqlx::postgres::PgHasArrayType + 'static,
    for<'e> T: sqlx::Encode<'e, Postgres>,
{
    match values {
        [] => {}
        [one] => {
            q.push(format!(" and {column} = "));
            q.push_bind(one.clone());
        }
        several => {
            q.push(format!(" and {column} = any("));
            q.push_bind(several.to_vec());
            q.push(")");
        }
    }
}

/// `select count(*) …` of the matching creators.
pub fn push_count(
    q: &mut QueryBuilder<Postgres>,
    filter: &SearchFilter,
    viewer: Viewer,
    today: NaiveDate,
) {
    let walk = Walk::of(filter);
    q.push(if walk.several() {
        "select count(distinct g.user_id)"
    } else {
        "select count(*)"
    });
    push_from_where(q, walk, filter, viewer, today);
}

/// The ids of one page of matching creators, newest first.
pub fn push_page_ids(
    q: &mut QueryBuilder<Postgres>,
    filter: &SearchFilter,
    viewer: Viewer,
    today: NaiveDate,
) {
    let walk = Walk::of(filter);
    let d = walk.alias();
    q.push(format!("select {d}.user_id"));
    push_from_where(q, walk, filter, viewer, today);
    if walk.several() {
        q.push(" group by g.created_at, g.user_id");
    }
    q.push(format!(
        " order by {d}.created_at desc, {d}.user_id desc limit "
    ));
    q.push_bind(PER_PAGE);
    q.push(" offset ");
    q.push_bind(Paging::offset(filter.page, PER_PAGE, 1));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::error::AppError;

    fn rules_of(query: &str) -> Vec<String> {
        match SearchFilter::from_query(Some(query)) {
            Err(AppError::Validation { rules, .. }) => rules.keys().cloned().collect(),
            other => panic!("expected a 422, got {other:?}"),
        }
    }

    #[test]
    fn reads_every_key() {
        let filter = SearchFilter::from_query(Some(
            "genre_ids[]=1&genre_ids[]=2&work_statuses[]=accepting&age_bands[]=teens&region=overseas\
             &language_ids[]=1&search_tag_ids[]=3&exclude_search_tag_ids[]=4&prefecture_ids[]=13\
             &genre_group_ids[]=2&words=%E6%97%85%E8%A1%8C%E3%80%80SEO%20&page=2",
        ))
        .unwrap();
        assert_eq!(filter.genre_ids, vec![1, 2]);
        assert_eq!(filter.work_statuses, vec![WorkStatus::Accepting]);
        assert_eq!(filter.age_bands, vec![AgeBand::Teens]);
        assert_eq!(filter.region, Some(Region::Overseas));
        assert_eq!(filter.words, vec!["旅行", "SEO"]);
        assert_eq!(filter.page, 2);
        assert_eq!(filter.prefecture_ids, vec![13]);
    }

    #[test]
    fn unknown_values_are_refused_on_their_key() {
        assert_eq!(rules_of("work_statuses[]=busy"), vec!["work_statuses"]);
        assert_eq!(rules_of("age_bands[]=thirties"), vec!["age_bands"]);
        assert_eq!(
            rules_of("region=mars&genre_ids[]=x"),
            vec!["genre_ids", "region"]
        );
    }

    #[test]
    fn words_match_literally() {
        assert_eq!(contains_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }
}
