//! The one way a stored object becomes a file record (`record`, removing the bytes when the
//! record cannot be written), used by `POST /api/files` and by a finished resumable upload
//! (`files::uploads`), and the one key rule for stored files (`new_storage_key`).

use bytes::Bytes;
use futures::Stream;
use sqlx::PgExecutor;
use tokio::io::{AsyncRead, AsyncReadExt};
use uuid::Uuid;

use crate::files::db;
use crate::files::scan::ScanStatus;
use crate::platform::error::AppResult;
use crate::platform::storage::Storage;

/// How much of a reader is handed to storage at a time.
const READ_CHUNK: usize = 256 * 1024;

/// A checked file about to be stored: its bytes come as a stream.
pub struct NewFile<'a> {
    pub user_id: i64,
    /// Already cleaned (`clean_file_name`).
    pub name: &'a str,
    pub is_private: bool,
    /// Sniffed from the bytes.
    pub content_type: &'a str,
    pub size_bytes: i64,
    pub scan_status: ScanStatus,
    pub dimensions: Option<(u32, u32)>,
}

/// A fresh storage key for a file named `name`: a random id, keeping a short alphanumeric
/// extension of the name.
pub fn new_storage_key(name: &str) -> String {
    let extension = name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .filter(|e| e.len() <= 8 && e.chars().all(|c| c.is_ascii_alphanumeric()));
    match extension {
        Some(ext) => format!("{}.{ext}", Uuid::new_v4()),
        None => Uuid::new_v4().to_string(),
    }
}

/// Records the file whose bytes are stored under `storage_key`; its id. The record is written
/// through `db`, so a caller may make it part of its own transaction; the stored bytes are
/// removed again when recording fails. The one place a `db::NewFile` is built.
pub async fn record(
    storage: &Storage,
    db: impl PgExecutor<'_>,
    storage_key: &str,
    file: &NewFile<'_>,
) -> AppResult<i64> {
    let inserted = db::insert(
        db,
        &db::NewFile {
            user_id: file.user_id,
            name: file.name,
            storage_key,
            content_type: file.content_type,
            size_bytes: file.size_bytes,
            scan_status: file.scan_status,
            is_private: file.is_private,
            width: file.dimensions.map(|d| d.0 as i32),
            height: file.dimensions.map(|d| d.1 as i32),
        },
    )
    .await;
    match inserted {
        Ok(id) => Ok(id),
        Err(error) => {
            if let Err(cleanup) = storage.delete(storage_key).await {
                tracing::warn!(storage_key, error = %cleanup, "could not remove the bytes of a file that was not recorded");
            }
            Err(error.into())
        }
    }
}

/// A reader as a stream of chunks, for storage's streamed put.
pub(crate) fn chunks_of(
    reader: impl AsyncRead + Unpin,
) -> impl Stream<Item = std::io::Result<Bytes>> {
    futures::stream::try_unfold(reader, |mut reader| async move {
        let mut buffer = vec![0; READ_CHUNK];
        let read = reader.read(&mut buffer).await?;
        if read == 0 {
            return Ok(None);
        }
        buffer.truncate(read);
        Ok(Some((Bytes::from(buffer), reader)))
    })
}
