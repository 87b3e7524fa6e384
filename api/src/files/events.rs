//! `file.scanned`: the virus scan of a stored file gave its verdict (a finished resumable upload
//! is scanned after it is stored, while its status is `scanning`). It reaches the uploader, who
//! shows the verdict where the file appears; others read the status with the record.

use realtime::Room;
use serde::Serialize;
use utoipa::ToSchema;

use crate::files::FileView;

#[derive(Debug, Serialize, ToSchema)]
pub struct FileScanned {
    #[serde(flatten)]
    pub file: FileView,
}

crate::impl_event!(FileScanned as FileView, FileScanned, |e| vec![Room::User(
    e.file.user_id
)]);
