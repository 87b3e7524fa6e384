//! Where an upload's bytes wait until the last one arrives: the only code that knows how they
//! are kept. Today one file per upload under `DATA_DIR/uploads` on this node's disk; the
//! upload's state (offset, owner, expiry) is in PostgreSQL, never here.

use std::io::SeekFrom;
use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::body::Bytes;
use futures::{Stream, StreamExt};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncSeekExt, AsyncWriteExt};

/// How long a request body may send nothing before the bytes received so far are kept and the
/// request ends.
pub const IDLE: Duration = Duration::from_secs(60);

/// The parts of every upload on this node.
pub struct Parts {
    dir: PathBuf,
}

/// How a body ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every byte the client sent was stored.
    Complete,
    /// The client stopped sending (the connection broke or stayed idle); what came is stored.
    Broken,
    /// The client sent more than the upload's length; the bytes up to it are stored.
    TooLong,
}

impl Parts {
    pub fn new(data_dir: &Path) -> Self {
        Parts {
            dir: data_dir.join("uploads"),
        }
    }

    fn path(&self, id: &str) -> PathBuf {
        self.dir.join(id)
    }

    /// An empty upload.
    pub async fn create(&self, id: &str) -> std::io::Result<()> {
        tokio::fs::create_dir_all(&self.dir).await?;
        tokio::fs::File::create(self.path(id)).await.map(drop)
    }

    /// Stores `body` from `offset` on, at most `room` bytes, forgetting anything stored past
    /// `offset` before (bytes of an earlier request that were never counted). After every
    /// `progress_every` bytes, and at the end, the bytes are flushed and `progress` is told the
    /// new offset (it records it). Answers the offset reached and how the body ended.
    pub async fn append<S, E, F, Fut>(
        &self,
        id: &str,
        offset: u64,
        room: u64,
        body: S,
        progress_every: u64,
        mut progress: F,
    ) -> std::io::Result<(u64, Ended)>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        F: FnMut(u64) -> Fut,
        Fut: Future<Output = std::io::Result<()>>,
    {
        let mut file = tokio::fs::OpenOptions::new()
            .write(true)
            .open(self.path(id))
            .await?;
        file.set_len(offset).await?;
        file.seek(SeekFrom::Start(offset)).await?;
        let mut body = body;
        let (mut written, mut since_progress) = (0u64, 0u64);
        let ended = loop {
            let chunk = match tokio::time::timeout(IDLE, body.next()).await {
                Ok(Some(Ok(chunk))) => chunk,
                Ok(None) => break Ended::Complete,
                Ok(Some(Err(_))) | Err(_) => break Ended::Broken,
            };
            let fits = (room - written).min(chunk.len() as u64) as usize;
            file.write_all(&chunk[..fits]).await?;
            written += fits as u64;
            since_progress += fits as u64;
            if fits < chunk.len() {
                break Ended::TooLong;
            }
            if since_progress >= progress_every {
                file.flush().await?;
                progress(offset + written).await?;
                since_progress = 0;
            }
        };
        file.flush().await?;
        progress(offset + written).await?;
        Ok((offset + written, ended))
    }

    /// The first `len` bytes (fewer if fewer are stored).
    pub async fn head(&self, id: &str, len: usize) -> std::io::Result<Vec<u8>> {
        let file = tokio::fs::File::open(self.path(id)).await?;
        let mut head = Vec::with_capacity(len);
        file.take(len as u64).read_to_end(&mut head).await?;
        Ok(head)
    }

    /// The stored bytes from the start, as a stream.
    pub async fn reader(&self, id: &str) -> std::io::Result<impl AsyncRead + Unpin + use<>> {
        tokio::fs::File::open(self.path(id)).await
    }

    /// Deletes the upload's bytes; deleting what is not there is no error.
    pub async fn delete(&self, id: &str) -> std::io::Result<()> {
        match tokio::fs::remove_file(self.path(id)).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Whether any bytes of the upload are kept (for tests and the expiry check).
    pub async fn exists(&self, id: &str) -> bool {
        tokio::fs::try_exists(self.path(id)).await.unwrap_or(false)
    }
}
