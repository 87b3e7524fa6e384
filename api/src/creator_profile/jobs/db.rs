//! The job information's SQL.

use sqlx::PgExecutor;

use super::model::Jobs;

pub(super) async fn find(db: impl PgExecutor<'_>, user_id: i64) -> sqlx::Result<Option<Jobs>> {
    sqlx::query_as(
        "select occupation, years_of_experience, qualifications, office_software
           from user_jobs where user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await
}

pub(super) async fn save(db: impl PgExecutor<'_>, user_id: i64, jobs: &Jobs) -> sqlx::Result<Jobs> {
    sqlx::query_as(
        "insert into user_jobs (user_id, occupation, years_of_experience, qualifications, office_software)
         values ($1, $2, $3, $4, $5)
         on conflict (user_id) do update
            set occupation = excluded.occupation, years_of_experience = excluded.years_of_experience,
                qualifications = excluded.qualifications, office_software = excluded.office_software,
                updated_at = now()
         returning occupation, years_of_experience, qualifications, office_software",
    )
    .bind(user_id)
    .bind(jobs.occupation)
    .bind(jobs.years_of_experience)
    .bind(&jobs.qualifications)
    .bind(&jobs.office_software)
    .fetch_one(db)
    .await
}
