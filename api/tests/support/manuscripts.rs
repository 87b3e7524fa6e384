//! A socket in a manuscript's room, as the editor joins it.

use std::time::Duration;

use serde_json::{Value, json};

use super::sio::SioClient;

/// Joins `socket` to manuscript `manuscript_id`'s room (through the editor link `token` when
/// given) with the document state it holds (`state_vector`, base64; empty for none, when the
/// whole document comes back): the join's answer.
pub async fn join(
    socket: &mut SioClient,
    manuscript_id: i64,
    token: Option<&str>,
    state_vector: &str,
) -> Value {
    socket
        .emit_with_ack(
            "manuscript:join",
            json!({ "manuscript_id": manuscript_id, "token": token, "state_vector": state_vector }),
            Duration::from_secs(5),
        )
        .await
        .expect("a join is answered")
}
