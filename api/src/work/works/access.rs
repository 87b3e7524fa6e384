//! Which CRM orders a caller may look up: staff any, a client user none that another company's
//! works are billed by (404, as if it did not exist).

use sqlx::PgPool;

use crate::auth::session::Caller;
use crate::platform::error::{AppError, AppResult};
use crate::work::works::db;

/// 404 when CRM order `crm_order_id` is billed through another company's works and the caller
/// is not staff: its unit prices are that company's terms.
pub(super) async fn ensure_crm_order_visible(
    db: &PgPool,
    caller: &Caller,
    crm_order_id: &str,
) -> AppResult<()> {
    if !caller.role.is_staff()
        && db::crm_order_of_another_client(db, crm_order_id, caller.client_id).await?
    {
        return Err(AppError::NotFound);
    }
    Ok(())
}
