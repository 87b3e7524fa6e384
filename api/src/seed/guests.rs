//! The demo share link of 「デモ編集部」: a random token like any other (only its digest is
//! stored), logged once so a newcomer can open the guest pages.

use sqlx::{Postgres, Transaction};

pub(super) async fn seed(tx: &mut Transaction<'_, Postgres>, client_id: i64) -> sqlx::Result<()> {
    let team: Option<(i64, i64)> = sqlx::query_as(
        "select id, media_id from teams where client_id = $1 and name = 'デモ編集部' and media_id is not null",
    )
    .bind(client_id)
    .fetch_optional(&mut **tx)
    .await?;
    let Some((team_id, media_id)) = team else {
        return Ok(());
    };
    let (token, _) = crate::guests::issue_share_link(tx, team_id, None).await?;
    tracing::info!(
        url = %format!("/guest/clients/login?token={token}&media_id={media_id}&team_id={team_id}"),
        "demo guest share link of デモ編集部"
    );
    Ok(())
}
