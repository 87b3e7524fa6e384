//! The users domain's SQL: the User record, the people picker and the Profile.

use sqlx::PgExecutor;

use crate::auth::role::Role;
use crate::files::scan::ScanStatus;
use crate::users::model::{
    AccountStatus, ClientRef, DirectoryFilter, DirectoryUser, ImageFile, LeftUser, ManagedUser,
    Profile, ProfileImage, UserRecord, WorkStatus,
};
use crate::users::profile::{NewAccount, PersonValues, ProfileValues};

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
    is_exists_new_information: bool,
    client_id: Option<i64>,
    company_name: Option<String>,
}

pub async fn load(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<UserRecord>> {
    let row: Option<UserRow> = sqlx::query_as(
        "select u.id, u.user_name, u.role, u.image_path, u.image_scan_status, u.work_status,
                exists (select 1 from user_skills s where s.user_id = u.id and cardinality(s.genre_ids) > 0) as has_skill,
                exists (select 1 from bank_accounts b where b.user_id = u.id) as has_bank_account,
                exists (select 1 from portfolios p where p.user_id = u.id) as has_portfolio,
                exists (select 1 from possible_works w where w.user_id = u.id) as has_possible_work,
                exists (select 1 from user_attributes a where a.user_id = u.id) as has_attribute,
                -- A live post for the member's role published after their seen mark (the rule of
                -- information::db's visible_to_role).
                exists (select 1 from information_posts i
                         where i.published_at is not null and i.deleted_at is null
                           and (cardinality(i.audience_roles) = 0 or u.role = any(i.audience_roles))
                           and i.published_at > coalesce(u.information_seen_at, '-infinity')) as is_exists_new_information,
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
        is_exists_new_information: r.is_exists_new_information,
        client: r
            .client_id
            .zip(r.company_name)
            .map(|(id, company_name)| ClientRef { id, company_name }),
    }))
}

/// Users with one of `roles` and one of `statuses` (empty: any), whose name contains
/// `keyword` (empty: any); at most `limit`, by name.
/// Every whitespace-separated word of `filter.words` must appear, literally, in the name, the
/// full name or its reading, or (for staff) the mail address.
const DIRECTORY_FROM_WHERE: &str = " from users
      where (cardinality($1::text[]) = 0 or role = any($1))
        and (cardinality($2::text[]) = 0 or account_status = any($2))
        and (select coalesce(bool_and(strpos(lower(user_name || ' ' || last_name || first_name || ' ' || last_name_kana
                                                 || first_name_kana || case when $3 then ' ' || mail_address else '' end),
                                           lower(w)) > 0), true)
               from unnest($4::text[]) w)";

pub(crate) async fn directory(
    db: &sqlx::PgPool,
    filter: &DirectoryFilter,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<DirectoryUser>)> {
    let words: Vec<&str> = filter.words.split_whitespace().collect();
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "select count(*){DIRECTORY_FROM_WHERE}"
    )))
    .bind(&filter.roles)
    .bind(&filter.statuses)
    .bind(filter.staff)
    .bind(&words)
    .fetch_one(db)
    .await?;
    let rows: Vec<(i64, String, Role, WorkStatus, AccountStatus)> =
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "select id, user_name, role, work_status, account_status{DIRECTORY_FROM_WHERE}
              order by user_name, id limit $5 offset $6"
        )))
        .bind(&filter.roles)
        .bind(&filter.statuses)
        .bind(filter.staff)
        .bind(&words)
        .bind(limit)
        .bind(offset)
        .fetch_all(db)
        .await?;
    Ok((
        total,
        rows.into_iter()
            .map(
                |(id, user_name, role, work_status, account_status)| DirectoryUser {
                    id,
                    user_name,
                    role_type: role,
                    work_status,
                    account_status: filter.staff.then_some(account_status),
                },
            )
            .collect(),
    ))
}

#[derive(sqlx::FromRow)]
struct ProfileRow {
    id: i64,
    mail_address: String,
    account_type: String,
    company_name: String,
    representative_name: String,
    last_name: String,
    first_name: String,
    last_name_kana: String,
    first_name_kana: String,
    user_name: String,
    image_file_id: Option<i64>,
    image_path: Option<String>,
    image_scan_status: Option<ScanStatus>,
    sex: Option<String>,
    birthday: Option<chrono::NaiveDate>,
    phone_number: String,
    prefecture_id: Option<i16>,
    postal_code: String,
    city_address: String,
    street_address: String,
    building_name: String,
}

pub(crate) async fn profile(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<Option<Profile>> {
    let row: Option<ProfileRow> = sqlx::query_as(
        "select id, mail_address, account_type, company_name, representative_name, last_name,
                first_name, last_name_kana, first_name_kana, user_name, image_file_id, image_path,
                image_scan_status, sex, birthday, phone_number, prefecture_id, postal_code,
                city_address, street_address, building_name
           from users where id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| {
        let (postal_code_first, postal_code_last) = Profile::split_postal_code(&r.postal_code);
        Profile {
            id: r.id,
            mail_address: r.mail_address,
            account_type: r.account_type,
            company_name: r.company_name,
            representative_name: r.representative_name,
            last_name: r.last_name,
            first_name: r.first_name,
            last_name_kana: r.last_name_kana,
            first_name_kana: r.first_name_kana,
            user_name: r.user_name,
            image_file: r.image_path.map(|path| ProfileImage {
                id: r.image_file_id,
                path,
                anti_virus_check_scan_status: r.image_scan_status.unwrap_or(ScanStatus::Scanning),
            }),
            sex: r.sex,
            birthday: Profile::birthday_of(r.birthday),
            phone_number: r.phone_number,
            prefecture_id: r.prefecture_id,
            postal_code_first,
            postal_code_last,
            city_address: r.city_address,
            street_address: r.street_address,
            building_name: r.building_name,
        }
    }))
}

/// Writes a validated profile; an image, when chosen, replaces the current one.
pub(crate) async fn update_profile(
    db: impl PgExecutor<'_>,
    user_id: i64,
    p: &ProfileValues,
) -> sqlx::Result<()> {
    let (image_file_id, image_path) = match &p.image {
        Some((id, path)) => (Some(*id), Some(path.as_str())),
        None => (None, None),
    };
    sqlx::query(
        "update users set account_type = $2, company_name = $3, representative_name = $4,
                last_name = $5, first_name = $6, last_name_kana = $7, first_name_kana = $8,
                user_name = $9, sex = $10, birthday = $11, phone_number = $12, prefecture_id = $13,
                postal_code = $14, city_address = $15, street_address = $16, building_name = $17,
                image_file_id = coalesce($18, image_file_id),
                image_path = coalesce($19, image_path),
                image_scan_status = case when $18::bigint is null then image_scan_status else 'clean' end,
                updated_at = now()
          where id = $1",
    )
    .bind(user_id)
    .bind(&p.account_type)
    .bind(&p.company_name)
    .bind(&p.representative_name)
    .bind(&p.person.last_name)
    .bind(&p.person.first_name)
    .bind(&p.person.last_name_kana)
    .bind(&p.person.first_name_kana)
    .bind(&p.user_name)
    .bind(&p.sex)
    .bind(p.birthday)
    .bind(&p.person.phone_number)
    .bind(p.prefecture_id)
    .bind(&p.postal_code)
    .bind(&p.city_address)
    .bind(&p.street_address)
    .bind(&p.building_name)
    .bind(image_file_id)
    .bind(image_path)
    .execute(db)
    .await?;
    Ok(())
}

/// A member's names, readings, phone and display name.
pub(crate) async fn update_person(
    db: impl PgExecutor<'_>,
    user_id: i64,
    p: &PersonValues,
    user_name: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "update users set last_name = $2, first_name = $3, last_name_kana = $4,
                first_name_kana = $5, phone_number = $6, user_name = $7, updated_at = now()
          where id = $1",
    )
    .bind(user_id)
    .bind(&p.last_name)
    .bind(&p.first_name)
    .bind(&p.last_name_kana)
    .bind(&p.first_name_kana)
    .bind(&p.phone_number)
    .bind(user_name)
    .execute(db)
    .await?;
    Ok(())
}

/// A new user with a person's names; `None` when the mail address is taken.
pub(crate) async fn insert_user(
    db: impl PgExecutor<'_>,
    a: &NewAccount<'_>,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "insert into users (mail_address, password_hash, user_name, role, client_id, last_name,
                first_name, last_name_kana, first_name_kana, phone_number)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict do nothing
         returning id",
    )
    .bind(a.mail_address)
    .bind(a.password_hash)
    .bind(a.user_name)
    .bind(a.role.as_db())
    .bind(a.client_id)
    .bind(&a.person.last_name)
    .bind(&a.person.first_name)
    .bind(&a.person.last_name_kana)
    .bind(&a.person.first_name_kana)
    .bind(&a.person.phone_number)
    .fetch_optional(db)
    .await
}

pub(crate) async fn prefecture_exists(db: impl PgExecutor<'_>, id: i16) -> sqlx::Result<bool> {
    sqlx::query_scalar("select exists (select 1 from prefectures where id = $1)")
        .bind(id)
        .fetch_one(db)
        .await
}

/// The public image path of `file_id` when it is `owner`'s own clean, public image upload.
pub(crate) async fn own_clean_image(
    db: impl PgExecutor<'_>,
    owner: i64,
    file_id: i64,
) -> sqlx::Result<Option<String>> {
    let key: Option<String> = sqlx::query_scalar(
        "select storage_key from files
          where id = $1 and user_id = $2 and scan_status = 'clean' and not is_private
            and content_type like 'image/%'",
    )
    .bind(file_id)
    .bind(owner)
    .fetch_optional(db)
    .await?;
    Ok(key.map(|key| crate::files::public_path(&key, false)))
}

/// A user as staff manage them, locked `for update` when `lock` is set.
pub(crate) async fn managed_user(
    db: impl PgExecutor<'_>,
    user_id: i64,
    lock: bool,
) -> sqlx::Result<Option<ManagedUser>> {
    const SELECT: &str =
        "select id, user_name, role as role_type, account_status from users where id = $1";
    const LOCKED: &str = "select id, user_name, role as role_type, account_status from users where id = $1 for update";
    sqlx::query_as(if lock { LOCKED } else { SELECT })
        .bind(user_id)
        .fetch_optional(db)
        .await
}

/// Changes the role and records who changed it from what.
pub(crate) async fn set_role(
    tx: &mut sqlx::PgConnection,
    user_id: i64,
    from: Role,
    to: Role,
    changed_by: i64,
) -> sqlx::Result<()> {
    sqlx::query("update users set role = $2, updated_at = now() where id = $1")
        .bind(user_id)
        .bind(to)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into user_role_changes (user_id, from_role, to_role, changed_by) values ($1, $2, $3, $4)",
    )
    .bind(user_id)
    .bind(from)
    .bind(to)
    .bind(changed_by)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// How many users are leaving or gone, and `limit` of them from `offset`, the latest first.
pub(crate) async fn left_users(
    db: &sqlx::PgPool,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(i64, Vec<LeftUser>)> {
    let total: i64 = sqlx::query_scalar("select count(*) from user_leaves")
        .fetch_one(db)
        .await?;
    let users = sqlx::query_as(
        "select l.user_id, l.user_name, u.role as role_type, u.account_status, l.reason, l.banned_at,
                b.user_name as banned_by_name, l.left_at, f.user_name as left_by_name
           from user_leaves l join users u on u.id = l.user_id
           left join users b on b.id = l.banned_by
           left join users f on f.id = l.left_by
          order by coalesce(l.left_at, l.banned_at) desc, l.user_id desc
          limit $1 offset $2",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((total, users))
}

/// The profile image path of a user who has not left: `None` when there is no such user,
/// `Some(None)` when they have no image.
pub(crate) async fn image_path(
    db: impl PgExecutor<'_>,
    user_id: i64,
) -> sqlx::Result<Option<Option<String>>> {
    sqlx::query_scalar("select image_path from users where id = $1 and account_status <> 'left'")
        .bind(user_id)
        .fetch_optional(db)
        .await
}
