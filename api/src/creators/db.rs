//! The creators domain's SQL: the page and its parts, the search, memos, NG combinations and
//! search tags. Reads the profile tables the sign-up and profile slices write.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor, Postgres, QueryBuilder};
use utoipa::ToSchema;

use crate::auth::session::Caller;
use crate::creators::access::Viewer;
use crate::creators::model::{
    AgeBand, CreatorCard, LanguageView, NamedRef, PortfolioView, PossibleWorkView, PrivateProfile,
    SimpleCreator, SkillView,
};
use crate::creators::search::{self, SearchFilter};
use crate::files::scan::ScanStatus;
use crate::platform::error::AppResult;
use crate::users::model::{ImageFile, WorkStatus};
use crate::work::tasks::access as task_scope;
use crate::work::tasks::model::TaskView;

const CREATOR_ROLES: &str = "role in ('general', 'editor_assistant')";

fn image(path: Option<String>, status: Option<ScanStatus>) -> Option<ImageFile> {
    path.map(|path| ImageFile {
        path,
        anti_virus_check_scan_status: status.unwrap_or(ScanStatus::Scanning),
    })
}

/// `Some(active)` when `id` is a creator.
pub(crate) async fn creator_is_active(db: impl PgExecutor<'_>, id: i64) -> AppResult<Option<bool>> {
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select account_status = 'active' from users where id = $1 and {CREATOR_ROLES}"
    )))
    .bind(id)
    .fetch_optional(db)
    .await?)
}

#[derive(sqlx::FromRow)]
pub(crate) struct CreatorRow {
    pub id: i64,
    pub user_name: String,
    pub role: String,
    pub image_path: Option<String>,
    pub image_scan_status: Option<ScanStatus>,
    pub work_status: WorkStatus,
    pub prefecture_id: Option<i16>,
    pub prefecture_name: Option<String>,
    pub profile_text: String,
    pub attributes: serde_json::Value,
    #[sqlx(flatten)]
    pub private: PrivateProfile,
}

impl CreatorRow {
    pub fn image_file(&self) -> Option<ImageFile> {
        image(self.image_path.clone(), self.image_scan_status)
    }
}

pub(crate) async fn creator(db: impl PgExecutor<'_>, id: i64) -> AppResult<Option<CreatorRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select u.id, u.user_name, u.role, u.image_path, u.image_scan_status, u.work_status,
                u.prefecture_id, p.name as prefecture_name, u.profile_text,
                coalesce(a.attributes, '{{}}'::jsonb) as attributes,
                u.mail_address, u.last_name, u.first_name, u.last_name_kana, u.first_name_kana,
                u.account_type, u.company_name, u.representative_name, u.sex, u.birthday,
                u.phone_number, u.postal_code, u.city_address, u.street_address, u.building_name,
                u.account_status
           from users u
           left join prefectures p on p.id = u.prefecture_id
           left join user_attributes a on a.user_id = u.id
          where u.id = $1 and u.{CREATOR_ROLES}"
    )))
    .bind(id)
    .fetch_optional(db)
    .await?)
}

/// id, user_name, image path and scan status, work status.
type SimpleRow = (i64, String, Option<String>, Option<ScanStatus>, WorkStatus);

pub(crate) async fn simple(db: impl PgExecutor<'_>, id: i64) -> AppResult<Option<SimpleCreator>> {
    let row: Option<SimpleRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "select id, user_name, image_path, image_scan_status, work_status from users
              where id = $1 and {CREATOR_ROLES}"
    )))
    .bind(id)
    .fetch_optional(db)
    .await?;
    Ok(
        row.map(|(id, user_name, path, status, work_status)| SimpleCreator {
            id,
            user_name,
            image_file: image(path, status),
            work_status,
        }),
    )
}

#[derive(sqlx::FromRow)]
struct SkillRow {
    genre_group_id: i64,
    genre_group_name: String,
    detail: String,
    genres: Json<Vec<NamedRef>>,
}

/// The creator's skills by genre group, with genre names (parents before their children).
pub(crate) async fn skills(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<Vec<SkillView>> {
    let rows: Vec<SkillRow> = sqlx::query_as(
        "select s.genre_group_id, gg.name as genre_group_name, s.detail,
                coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name)
                                          order by coalesce(g.parent_genre_id, g.id), g.parent_genre_id nulls first, g.position)
                            from genres g where g.id = any(s.genre_ids)), '[]') as genres
           from user_skills s join genre_groups gg on gg.id = s.genre_group_id
          where s.user_id = $1
          order by gg.position, gg.id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| SkillView {
            genre_group: NamedRef {
                id: r.genre_group_id,
                name: r.genre_group_name,
            },
            genres: r.genres.0,
            detail: r.detail,
        })
        .collect())
}

pub(crate) async fn portfolio(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> AppResult<Option<PortfolioView>> {
    Ok(
        sqlx::query_as("select portfolio, publishability from portfolios where user_id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?,
    )
}

pub(crate) async fn possible_works(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> AppResult<Vec<PossibleWorkView>> {
    Ok(sqlx::query_as(
        "select id, work_name, achievement from possible_works where user_id = $1 order by id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

pub(crate) async fn languages(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> AppResult<Vec<LanguageView>> {
    Ok(sqlx::query_as(
        "select language_id as id, level from user_languages where user_id = $1 order by language_id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

/// The tasks of creator `creator_id` (offered or taken) that the caller may see, newest first.
pub(crate) async fn tasks_page(
    db: &sqlx::PgPool,
    caller: &Caller,
    creator_id: i64,
    per_page: i64,
    offset: i64,
) -> AppResult<(i64, Vec<TaskView>)> {
    fn push_where(q: &mut task_scope::SqlQuery, caller: &Caller, creator_id: i64) {
        q.push(format_args!(" from {} where ", task_scope::TASK_JOINS));
        task_scope::push_visible_tasks(q, caller);
        q.push(" and not t.is_invalid and exists (select 1 from task_assignees a where a.task_id = t.id and a.state <> 'declined' and a.user_id = ");
        q.push_bind(creator_id);
        q.push(")");
    }
    let mut count = task_scope::SqlQuery::new("select count(*)");
    push_where(&mut count, caller, creator_id);
    let total: i64 = count.build_query_scalar().fetch_one(db).await?;

    let mut page = task_scope::SqlQuery::new(
        "select t.id, t.task_type, t.title, t.status, t.order_date, t.due_date, t.completed_date,
                w.id as work_id, w.name as work_name, p.id as project_id, p.name as project_name, t.updated_at",
    );
    push_where(&mut page, caller, creator_id);
    page.push(" order by t.created_at desc, t.id desc limit ");
    page.push_bind(per_page);
    page.push(" offset ");
    page.push_bind(offset);
    let tasks = page.build_query_as().fetch_all(db).await?;
    Ok((total, tasks))
}

#[derive(sqlx::FromRow)]
struct CardRow {
    id: i64,
    user_name: String,
    image_path: Option<String>,
    image_scan_status: Option<ScanStatus>,
    work_status: WorkStatus,
    birthday: Option<NaiveDate>,
    prefecture_name: Option<String>,
    genres: Vec<String>,
    tags: Json<Vec<NamedRef>>,
}

/// The total and one page of search results.
pub(crate) async fn search(
    db: &sqlx::PgPool,
    filter: &SearchFilter,
    viewer: Viewer,
    today: NaiveDate,
) -> AppResult<(i64, Vec<CreatorCard>)> {
    // Unnamed statements: planned with the actual values every time (a cached generic plan
    // cannot see how selective a genre or a word is and picks worse bitmap combinations).
    // The page and the count run at once, on two connections.
    let page = async {
        let mut q = QueryBuilder::<Postgres>::new("");
        search::push_page_ids(&mut q, filter, viewer, today);
        q.build_query_scalar::<i64>()
            .persistent(false)
            .fetch_all(db)
            .await
    };
    let count = async {
        let mut q = QueryBuilder::<Postgres>::new("");
        search::push_count(&mut q, filter, viewer, today);
        q.build_query_scalar::<i64>()
            .persistent(false)
            .fetch_one(db)
            .await
    };
    let (ids, total) = tokio::try_join!(page, count)?;
    if ids.is_empty() {
        return Ok((total, Vec::new()));
    }
    Ok((total, cards(db, &ids, today).await?))
}

/// The cards of `ids`, in that order.
async fn cards(
    db: impl PgExecutor<'_>,
    ids: &[i64],
    today: NaiveDate,
) -> AppResult<Vec<CreatorCard>> {
    let rows: Vec<CardRow> = sqlx::query_as(
        "select u.id, u.user_name, u.image_path, u.image_scan_status, u.work_status, u.birthday,
                p.name as prefecture_name,
                array(select g.name from user_skills s join genre_groups gg on gg.id = s.genre_group_id
                        join genres g on g.id = any(s.genre_ids)
                       where s.user_id = u.id
                       order by gg.position, coalesce(g.parent_genre_id, g.id), g.parent_genre_id nulls first, g.position) as genres,
                coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
                            from user_search_tags ut join search_tags t on t.id = ut.search_tag_id
                           where ut.user_id = u.id and not ut.is_exclude_type), '[]') as tags
           from unnest($1::bigint[]) with ordinality as page(id, n)
           join users u on u.id = page.id
           left join prefectures p on p.id = u.prefecture_id
          order by page.n",
    )
    .bind(ids)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| CreatorCard {
            id: r.id,
            user_name: r.user_name,
            image_file: image(r.image_path, r.image_scan_status),
            work_status: r.work_status,
            prefecture_name: r.prefecture_name,
            age_band: r.birthday.and_then(|b| AgeBand::of(b, today)),
            genres: r.genres,
            tags: r.tags.0,
        })
        .collect())
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct GenreOption {
    pub id: i64,
    pub name: String,
    /// The parent of a child genre; `None` for a top-level genre.
    pub parent_genre_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GenreGroupOption {
    pub id: i64,
    pub name: String,
    /// Top-level genres, each followed by its children.
    pub genres: Vec<GenreOption>,
}

pub(crate) async fn genre_groups(db: &sqlx::PgPool) -> AppResult<Vec<GenreGroupOption>> {
    let groups: Vec<(i64, String)> =
        sqlx::query_as("select id, name from genre_groups order by position, id")
            .fetch_all(db)
            .await?;
    let genres: Vec<(i64, GenreOption)> = sqlx::query_as::<_, (i64, i64, String, Option<i64>)>(
        "select genre_group_id, id, name, parent_genre_id from genres
          order by genre_group_id, coalesce(parent_genre_id, id), parent_genre_id nulls first, position",
    )
    .fetch_all(db)
    .await?
    .into_iter()
    .map(|(group, id, name, parent_genre_id)| {
        (
            group,
            GenreOption {
                id,
                name,
                parent_genre_id,
            },
        )
    })
    .collect();
    let mut by_group: std::collections::HashMap<i64, Vec<GenreOption>> = Default::default();
    for (group, genre) in genres {
        by_group.entry(group).or_default().push(genre);
    }
    Ok(groups
        .into_iter()
        .map(|(id, name)| GenreGroupOption {
            id,
            name,
            genres: by_group.remove(&id).unwrap_or_default(),
        })
        .collect())
}

// ---- memos ----

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct UserRef {
    pub id: i64,
    pub user_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ManagerMemo {
    /// The creator.
    pub user_id: i64,
    /// Empty until someone writes it.
    pub memo: String,
    pub updated_by: Option<UserRef>,
    pub updated_at: Option<DateTime<Utc>>,
}

type MemoRow = (String, Option<i64>, Option<String>, DateTime<Utc>);

fn editor(id: Option<i64>, name: Option<String>) -> Option<UserRef> {
    id.zip(name)
        .map(|(id, user_name)| UserRef { id, user_name })
}

pub(crate) async fn manager_memo(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<ManagerMemo> {
    let row: Option<MemoRow> = sqlx::query_as(
        "select m.memo, e.id, e.user_name, m.updated_at
           from creator_manager_memos m left join users e on e.id = m.updated_by
          where m.user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(match row {
        Some((memo, by_id, by_name, at)) => ManagerMemo {
            user_id,
            memo,
            updated_by: editor(by_id, by_name),
            updated_at: Some(at),
        },
        None => ManagerMemo {
            user_id,
            memo: String::new(),
            updated_by: None,
            updated_at: None,
        },
    })
}

pub(crate) async fn save_manager_memo(
    db: impl PgExecutor<'_>,
    user_id: i64,
    memo: &str,
    by: i64,
) -> AppResult<()> {
    sqlx::query(
        "insert into creator_manager_memos (user_id, memo, updated_by) values ($1, $2, $3)
         on conflict (user_id) do update set memo = excluded.memo, updated_by = excluded.updated_by, updated_at = now()",
    )
    .bind(user_id)
    .bind(memo)
    .bind(by)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClientRefView {
    pub id: i64,
    pub company_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClientMemo {
    /// The client company whose users share this memo.
    pub client: ClientRefView,
    pub memo: String,
    pub updated_by: Option<UserRef>,
    pub updated_at: DateTime<Utc>,
}

/// client id, company name, memo, editor id and name, updated at.
type ClientMemoRow = (
    i64,
    String,
    String,
    Option<i64>,
    Option<String>,
    DateTime<Utc>,
);

/// Client companies' memos about a creator: one company's (`Some`) or every company's.
pub(crate) async fn client_memos(
    db: impl PgExecutor<'_>,
    user_id: i64,
    client_id: Option<i64>,
) -> AppResult<Vec<ClientMemo>> {
    let rows: Vec<ClientMemoRow> = sqlx::query_as(
        "select c.id, c.company_name, m.memo, e.id, e.user_name, m.updated_at
               from creator_client_memos m
               join clients c on c.id = m.client_id
               left join users e on e.id = m.updated_by
              where m.user_id = $1 and ($2::bigint is null or m.client_id = $2)
              order by m.updated_at desc, c.id",
    )
    .bind(user_id)
    .bind(client_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(id, company_name, memo, by_id, by_name, updated_at)| ClientMemo {
                client: ClientRefView { id, company_name },
                memo,
                updated_by: editor(by_id, by_name),
                updated_at,
            },
        )
        .collect())
}

/// Writes a client company's memo; a blank memo removes it.
pub(crate) async fn save_client_memo(
    db: impl PgExecutor<'_>,
    user_id: i64,
    client_id: i64,
    memo: &str,
    by: i64,
) -> AppResult<()> {
    if memo.trim().is_empty() {
        sqlx::query("delete from creator_client_memos where user_id = $1 and client_id = $2")
            .bind(user_id)
            .bind(client_id)
            .execute(db)
            .await?;
    } else {
        sqlx::query(
            "insert into creator_client_memos (user_id, client_id, memo, updated_by) values ($1, $2, $3, $4)
             on conflict (user_id, client_id) do update
                set memo = excluded.memo, updated_by = excluded.updated_by, updated_at = now()",
        )
        .bind(user_id)
        .bind(client_id)
        .bind(memo)
        .bind(by)
        .execute(db)
        .await?;
    }
    Ok(())
}

// ---- NG combinations ----

/// The creators creator `user_id` must not be put together with, by name.
pub(crate) async fn combinations(db: impl PgExecutor<'_>, user_id: i64) -> AppResult<Vec<UserRef>> {
    Ok(sqlx::query_as(
        "select u.id, u.user_name from creator_ng_combinations c
           join users u on u.id = case when c.low_user_id = $1 then c.high_user_id else c.low_user_id end
          where c.low_user_id = $1 or c.high_user_id = $1
          order by u.user_name, u.id",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?)
}

/// Which of `ids` are creators.
pub(crate) async fn creator_ids(db: impl PgExecutor<'_>, ids: &[i64]) -> AppResult<Vec<i64>> {
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select id from users where id = any($1) and {CREATOR_ROLES}"
    )))
    .bind(ids)
    .fetch_all(db)
    .await?)
}

/// Replaces every NG pair of `user_id` with pairs to `others`.
pub(crate) async fn replace_combinations(
    tx: &mut PgConnection,
    user_id: i64,
    others: &[i64],
    by: i64,
) -> AppResult<()> {
    sqlx::query("delete from creator_ng_combinations where low_user_id = $1 or high_user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into creator_ng_combinations (low_user_id, high_user_id, created_by)
         select least($1, other), greatest($1, other), $3 from unnest($2::bigint[]) as other
         on conflict do nothing",
    )
    .bind(user_id)
    .bind(others)
    .bind(by)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

// ---- search tags ----

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SearchTag {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct CreatorSearchTag {
    pub id: i64,
    pub search_tag_name: String,
    /// The creator does *not* fit what the tag names (searches including it pass them over).
    pub is_exclude_type: bool,
}

pub(crate) async fn search_tags(db: impl PgExecutor<'_>) -> AppResult<Vec<SearchTag>> {
    Ok(
        sqlx::query_as("select id, name from search_tags order by name, id")
            .fetch_all(db)
            .await?,
    )
}

/// The new tag; `None` when the name is taken.
pub(crate) async fn insert_search_tag(
    db: impl PgExecutor<'_>,
    name: &str,
) -> AppResult<Option<SearchTag>> {
    Ok(sqlx::query_as(
        "insert into search_tags (name) values ($1) on conflict (name) do nothing returning id, name",
    )
    .bind(name)
    .fetch_optional(db)
    .await?)
}

/// Which of `ids` are tags.
pub(crate) async fn search_tag_ids(db: impl PgExecutor<'_>, ids: &[i64]) -> AppResult<Vec<i64>> {
    Ok(
        sqlx::query_scalar("select id from search_tags where id = any($1)")
            .bind(ids)
            .fetch_all(db)
            .await?,
    )
}

/// The tags on a creator; `with_exclude_type` false leaves the exclude-type ones out.
pub(crate) async fn creator_search_tags(
    db: impl PgExecutor<'_>,
    user_id: i64,
    with_exclude_type: bool,
) -> AppResult<Vec<CreatorSearchTag>> {
    Ok(sqlx::query_as(
        "select t.id, t.name as search_tag_name, ut.is_exclude_type
           from user_search_tags ut join search_tags t on t.id = ut.search_tag_id
          where ut.user_id = $1 and ($2 or not ut.is_exclude_type)
          order by t.name, t.id",
    )
    .bind(user_id)
    .bind(with_exclude_type)
    .fetch_all(db)
    .await?)
}

pub(crate) async fn replace_creator_search_tags(
    tx: &mut PgConnection,
    user_id: i64,
    tag_ids: &[i64],
    exclude_types: &[bool],
) -> AppResult<()> {
    sqlx::query("delete from user_search_tags where user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into user_search_tags (user_id, search_tag_id, is_exclude_type)
         select $1, tag, exclude from unnest($2::bigint[], $3::boolean[]) as t(tag, exclude)",
    )
    .bind(user_id)
    .bind(tag_ids)
    .bind(exclude_types)
    .execute(&mut *tx)
    .await?;
    Ok(())
}
