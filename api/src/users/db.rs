//! The users domain's SQL: the User record and the people picker.

use sqlx::PgExecutor;

use crate::auth::role::Role;
use crate::files::scan::ScanStatus;
use crate::users::http::DirectoryUser;
use crate::users::model::{AccountStatus, ClientRef, ImageFile, UserRecord, WorkStatus};

#[derive(sqlx::FromRow)]
struct UserRow {
    id: i64,
    user_name: String,
    role: String,
    image_path: Option<String>,
    image_scan_status: Option<ScanStatus>,
    work_status: WorkStatus,
    has_skill: bool,
    has_bank_account: bool,
    has_portfolio: bool,
    has_possible_work: bool,
    has_attribute: bool,
    client_id: Option<i64>,
    company_name: Option<String>,
}

pub async fn load(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<UserRecord>> {
    let row: Option<UserRow> = sqlx::query_as(
        "select u.id, u.user_name, u.role, u.image_path, u.image_scan_status, u.work_status,
                exists (select 1 from user_skills s where s.user_id = u.id) as has_skill,
                exists (select 1 from bank_accounts b where b.user_id = u.id) as has_bank_account,
                exists (select 1 from portfolios p where p.user_id = u.id) as has_portfolio,
                exists (select 1 from possible_works w where w.user_id = u.id) as has_possible_work,
                exists (select 1 from user_attributes a where a.user_id = u.id) as has_attribute,
                c.id as client_id, c.company_name
           from users u left join clients c on c.id = u.client_id
          where u.id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| UserRecord {
        id: r.id,
        user_name: r.user_name,
        role_type: Role::from_db(&r.role).unwrap_or(Role::General),
        image_file: r.image_path.map(|path| ImageFile {
            path,
            anti_virus_check_scan_status: r.image_scan_status.unwrap_or(ScanStatus::Scanning),
        }),
        work_status: r.work_status,
        has_skill: r.has_skill,
        has_bank_account: r.has_bank_account,
        has_portfolio: r.has_portfolio,
        has_possible_work: r.has_possible_work,
        has_attribute: r.has_attribute,
        is_exists_new_information: false,
        client: r
            .client_id
            .zip(r.company_name)
            .map(|(id, company_name)| ClientRef { id, company_name }),
    }))
}

/// Users with one of `roles` and one of `statuses` (empty: any), whose name contains
/// `keyword` (empty: any); at most `limit`, by name.
pub(crate) async fn directory(
    db: impl PgExecutor<'_>,
    roles: &[Role],
    statuses: &[AccountStatus],
    keyword: &str,
    limit: i64,
) -> sqlx::Result<Vec<DirectoryUser>> {
    let rows: Vec<(i64, String, Role, WorkStatus)> = sqlx::query_as(
        "select id, user_name, role, work_status from users
          where (cardinality($1::text[]) = 0 or role = any($1))
            and (cardinality($2::text[]) = 0 or account_status = any($2))
            and ($3 = '' or user_name ilike '%' || $3 || '%')
          order by user_name, id limit $4",
    )
    .bind(roles)
    .bind(statuses)
    .bind(keyword)
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, user_name, role, work_status)| DirectoryUser {
            id,
            user_name,
            role_type: role,
            work_status,
        })
        .collect())
}
