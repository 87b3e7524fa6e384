//! The User record of the spec (section 3) as the API returns it.

use crate::files::scan::ScanStatus;
use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::auth::role::Role;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImageFile {
    pub path: String,
    /// scanning, clean or infected.
    pub anti_virus_check_scan_status: ScanStatus,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClientRef {
    pub id: i64,
    pub company_name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserRecord {
    pub id: i64,
    pub user_name: String,
    /// general, editor_assistant, client, tsumugi_manager, tsumugi_accountant, tsumugi_admin.
    #[schema(value_type = String)]
    pub role_type: Role,
    pub image_file: Option<ImageFile>,
    pub work_status: WorkStatus,
    pub has_skill: bool,
    pub has_bank_account: bool,
    pub has_portfolio: bool,
    pub has_possible_work: bool,
    pub has_attribute: bool,
    pub is_exists_new_information: bool,
    pub client: Option<ClientRef>,
}

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

crate::closed_set!(
    /// Where an account is in its life: active, banned (leaving, pending), or left.
    AccountStatus {
        Active = "active",
        Banned = "banned",
        Left = "left",
    }
);

crate::closed_set!(
    /// A creator's availability for new work; `not_set` until they answer.
    WorkStatus {
        NotSet = "not_set",
        Accepting = "accepting",
        ConditionallyAccepting = "conditionally_accepting",
        NotAccepting = "not_accepting",
    }
);
