//! Where an upload's bytes wait until the last one arrives: the only code that knows how they
//! are kept. The upload's state (offset, owner, expiry, the parts' entity tags) is in
//! PostgreSQL, never here (`docs/decisions/resumable-uploads.md`).
//!
//! - **Local disk** (one node): one file per upload under `DATA_DIR/uploads`, copied into the
//!   store under the file's key when the last byte is in.
//! - **S3** (any node): an S3 multipart upload of the file's final object, begun at creation.
//!   The body is cut into parts of exactly [`PART_BYTES`] (the last one may be shorter), each
//!   stored as it fills and recorded with its entity tag; what does not fill a part when a
//!   request ends waits in the small object `uploads/<id>/tail` and is read back by the next
//!   request, whichever node takes it. The tail's length is the recorded offset minus the
//!   parts' bytes, so the tail object may hold more than was recorded (a node that died after
//!   storing it): the extra bytes are ignored, and they are the same bytes of the same file.
//!   A part's memory comes from the node's [`PartBudget`] (`budget`): taken before its first
//!   byte is kept, given back once it is stored. Up to [`PARTS_IN_FLIGHT`] parts of a request
//!   are stored at once (as S3 clients do; one at a time ran at half the store's speed), and
//!   they are recorded in order, so the offset never covers a part that is not stored.

use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::body::Bytes;
use futures::{Stream, StreamExt};
use tokio::io::AsyncReadExt;

use crate::files::uploads::SNIFF_BYTES;
use crate::files::uploads::budget::{PartBudget, PartRoom};
use crate::platform::error::AppResult;
use crate::platform::pages::Pages;
use crate::platform::storage::{self, PutError, Storage};

/// How long a request body may send nothing before the bytes received so far are kept and the
/// request ends.
pub const IDLE: Duration = Duration::from_secs(60);

/// The size of every S3 part but the last: S3's smallest part, so a request holds at most
/// [`PARTS_IN_FLIGHT`] parts being stored and one filling (plus one chunk of the body) in
/// memory, and the node at most its [`PartBudget`].
pub const PART_BYTES: usize = storage::PART_BYTES;

/// On local disk the offset is recorded (and the lease renewed) once this many bytes came
/// since the last record and [`PROGRESS_INTERVAL`] passed; on S3 after every part.
const PROGRESS_EVERY: u64 = 8 * 1024 * 1024;

/// The least time between two records of a local upload's offset. A record waits for the
/// write in flight and a database round trip with the body unread: at every 8 MiB, a fast
/// upload stopped 256 times per 2 GiB (`make bench-files`). What a node that dies loses is
/// only the bytes since the last record, which the client sends again; a broken connection
/// records all it stored.
const PROGRESS_INTERVAL: Duration = Duration::from_millis(250);

/// Where the bytes of every upload wait.
pub enum Parts {
    /// This node's disk; finished uploads are copied into `storage`.
    Local { dir: PathBuf, storage: Storage },
    /// S3 multipart uploads, shared by every node; each part filling in memory holds room of
    /// the node's `budget`.
    Shared {
        storage: Storage,
        budget: PartBudget,
    },
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
    /// The node's part memory budget stayed spent; the bytes up to the last stored part are
    /// kept and the rest of the body is left unread (the client resumes later).
    Busy,
}

/// What the store has taken, for the caller to record.
#[derive(Debug)]
pub enum Progress {
    /// The bytes up to `offset` are stored.
    Stored { offset: u64 },
    /// Part `index` of the multipart upload is stored with `etag`; with it the bytes up to
    /// `offset`.
    Part {
        index: usize,
        etag: String,
        offset: u64,
    },
}

/// Told what happens while a body is stored; its refusals end the request.
pub trait Recorder: Send {
    /// The upload's first `min(length, SNIFF_BYTES)` bytes, before any of them is kept in a
    /// part (asked once, when the upload still needs sniffing).
    fn sniffed(&mut self, head: &[u8]) -> impl Future<Output = AppResult<()>> + Send;
    /// Records progress (and renews the writer's lease).
    fn progress(&mut self, progress: Progress) -> impl Future<Output = AppResult<()>> + Send;
}

/// One upload as its parts need it.
#[derive(Debug, Clone)]
pub struct Upload<'a> {
    pub id: &'a str,
    /// The key of the file it becomes.
    pub storage_key: &'a str,
    /// The S3 multipart upload (`Shared` only).
    pub multipart_id: Option<&'a str>,
    /// The recorded offset: where this request's bytes begin.
    pub offset: u64,
    pub length: u64,
    /// Whether the first bytes still have to be sniffed.
    pub sniff: bool,
}

impl Upload<'_> {
    fn multipart_id(&self) -> anyhow::Result<&str> {
        self.multipart_id
            .ok_or_else(|| anyhow::anyhow!("upload {} has no multipart upload", self.id))
    }
}

fn tail_key(id: &str) -> String {
    format!("uploads/{id}/tail")
}

/// Gathers the first bytes for sniffing.
struct Head {
    bytes: Vec<u8>,
    needed: usize,
    done: bool,
}

impl Head {
    fn new(upload: &Upload<'_>) -> Self {
        Head {
            bytes: Vec::new(),
            needed: upload.length.min(SNIFF_BYTES as u64) as usize,
            done: !upload.sniff,
        }
    }

    /// Takes the bytes that follow those seen so far; hands the head to `recorder` once whole.
    async fn take(&mut self, bytes: &[u8], recorder: &mut impl Recorder) -> AppResult<()> {
        if self.done {
            return Ok(());
        }
        let wanted = (self.needed - self.bytes.len()).min(bytes.len());
        self.bytes.extend_from_slice(&bytes[..wanted]);
        if self.bytes.len() == self.needed {
            self.done = true;
            recorder.sniffed(&self.bytes).await?;
        }
        Ok(())
    }
}

fn io(error: std::io::Error) -> crate::platform::error::AppError {
    anyhow::Error::from(error).into()
}

impl Parts {
    /// The node's parts: S3 multipart uploads when its store keeps them by id, its disk
    /// otherwise.
    pub fn of(state: &crate::state::AppState) -> Self {
        Self::new(&state.storage, &state.config.data_dir, &state.upload_budget)
    }

    /// S3 multipart uploads (their parts' memory taken from `budget`) when the store keeps
    /// them by id, `data_dir`'s disk otherwise.
    pub fn new(storage: &Storage, data_dir: &Path, budget: &PartBudget) -> Self {
        if storage.has_shared_multipart() {
            Parts::Shared {
                storage: storage.clone(),
                budget: budget.clone(),
            }
        } else {
            Parts::Local {
                dir: data_dir.join("uploads"),
                storage: storage.clone(),
            }
        }
    }

    /// Prepares an empty upload whose file will be `storage_key`; the multipart upload's id
    /// on S3.
    pub async fn create(&self, id: &str, storage_key: &str) -> AppResult<Option<String>> {
        match self {
            Parts::Local { dir, .. } => {
                tokio::fs::create_dir_all(dir).await.map_err(io)?;
                tokio::fs::File::create(dir.join(id)).await.map_err(io)?;
                Ok(None)
            }
            Parts::Shared { storage, .. } => Ok(Some(storage.create_multipart(storage_key).await?)),
        }
    }

    /// Stores `body` from `upload.offset` on, at most `length - offset` bytes, telling
    /// `recorder` the first bytes (when the upload needs sniffing) and the progress. On S3 the
    /// last part is stored when the last byte arrives. Answers the offset reached and how the
    /// body ended.
    pub async fn append<S, E>(
        &self,
        upload: &Upload<'_>,
        body: S,
        recorder: &mut impl Recorder,
    ) -> AppResult<(u64, Ended)>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin + Send,
    {
        match self {
            Parts::Local { dir, .. } => {
                append_local(&dir.join(upload.id), upload, body, recorder).await
            }
            Parts::Shared { storage, budget } => {
                append_shared(storage, budget, upload, body, recorder).await
            }
        }
    }

    /// The whole upload is stored: puts it under `upload.storage_key` (the local file copied
    /// into the store, or the multipart upload completed with `etags`). What waited is deleted
    /// by [`Self::delete`] once the file is recorded (on S3 the tail is deleted here).
    pub async fn complete(&self, upload: &Upload<'_>, etags: Vec<String>) -> AppResult<()> {
        match self {
            Parts::Local { dir, storage } => {
                // On the same disk the waiting file becomes the object: no second pass.
                if let Some(target) = storage.local_path(upload.storage_key)? {
                    if let Some(folder) = target.parent() {
                        tokio::fs::create_dir_all(folder).await.map_err(io)?;
                    }
                    match tokio::fs::rename(dir.join(upload.id), &target).await {
                        Ok(()) => return Ok(()),
                        // Another file system (EXDEV): copied below.
                        Err(error) => {
                            tracing::debug!(%error, "the upload is copied into the store")
                        }
                    }
                }
                let file = tokio::fs::File::open(dir.join(upload.id))
                    .await
                    .map_err(io)?;
                let stream = crate::files::create::chunks_of(file);
                match storage.put_stream(upload.storage_key, stream).await {
                    Ok(_) => {}
                    Err(PutError::Source(error)) => return Err(io(error)),
                    Err(PutError::Store(error)) => return Err(error.into()),
                }
                Ok(())
            }
            Parts::Shared { storage, .. } => {
                let expected = upload.length.div_ceil(PART_BYTES as u64) as usize;
                if etags.len() != expected {
                    return Err(anyhow::anyhow!(
                        "upload {}: {} of {expected} parts recorded",
                        upload.id,
                        etags.len()
                    )
                    .into());
                }
                let id = upload.multipart_id()?;
                if let Err(error) = storage
                    .complete_multipart(upload.storage_key, id, etags)
                    .await
                {
                    // A node that completed it and died before recording the file.
                    let stored = storage.head(upload.storage_key).await?;
                    if stored.is_none_or(|object| object.size != upload.length) {
                        return Err(error.into());
                    }
                }
                storage.delete(&tail_key(upload.id)).await?;
                Ok(())
            }
        }
    }

    /// Deletes what waits of an unfinished upload (the multipart upload is aborted on S3);
    /// deleting what is not there is no error. A finished upload's file is never touched.
    pub async fn delete(
        &self,
        id: &str,
        storage_key: Option<&str>,
        multipart_id: Option<&str>,
    ) -> AppResult<()> {
        match self {
            Parts::Local { dir, .. } => match tokio::fs::remove_file(dir.join(id)).await {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(e)),
                _ => Ok(()),
            },
            Parts::Shared { storage, .. } => {
                if let (Some(key), Some(multipart_id)) = (storage_key, multipart_id) {
                    storage.abort_multipart(key, multipart_id).await?;
                }
                storage.delete(&tail_key(id)).await?;
                Ok(())
            }
        }
    }

    /// Whether any bytes of the upload wait (for tests: the local file or the S3 tail object).
    pub async fn exists(&self, id: &str) -> bool {
        match self {
            Parts::Local { dir, .. } => tokio::fs::try_exists(dir.join(id)).await.unwrap_or(false),
            Parts::Shared { storage, .. } => {
                matches!(storage.head(&tail_key(id)).await, Ok(Some(_)))
            }
        }
    }
}

/// The next chunk of the body: `None` when it ended (how), waiting at most [`IDLE`].
async fn next_chunk<S, E>(body: &mut S) -> Result<Bytes, Ended>
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
{
    match tokio::time::timeout(IDLE, body.next()).await {
        Ok(Some(Ok(chunk))) => Ok(chunk),
        Ok(None) => Err(Ended::Complete),
        Ok(Some(Err(_))) | Err(_) => Err(Ended::Broken),
    }
}

/// On local disk the body's chunks are gathered into writes of this size (256 KiB ran faster
/// than 64 KiB, 128 KiB and 1 MiB, `make bench-files`).
const WRITE_BYTES: usize = 256 * 1024;

/// Writes an upload's bytes to its file on the blocking pool, one write in flight while the
/// next is gathered. An upload owns two buffers of [`WRITE_BYTES`] (`platform::pages`), mapped
/// once: the write in flight hands its buffer back to be gathered into again, so a 2 GiB upload
/// maps two buffers, not 8,192 grown ones. (tokio's `File` copies every chunk into a buffer of its
/// own that grows to 2 MiB and stays for the file's life.)
struct FileWriter {
    file: std::sync::Arc<std::fs::File>,
    /// Where the next write goes.
    at: u64,
    gathered: Pages,
    /// The buffer of the last write, once it is done.
    spare: Option<Pages>,
    writing: Option<tokio::task::JoinHandle<(Pages, std::io::Result<()>)>>,
}

impl FileWriter {
    fn new(file: std::fs::File, at: u64) -> std::io::Result<Self> {
        Ok(FileWriter {
            file: std::sync::Arc::new(file),
            at,
            gathered: Pages::new(WRITE_BYTES)?,
            spare: None,
            writing: None,
        })
    }

    async fn write(&mut self, mut chunk: &[u8]) -> std::io::Result<()> {
        while !chunk.is_empty() {
            chunk = &chunk[self.gathered.fill(chunk)..];
            if self.gathered.is_full() {
                self.start().await?;
            }
        }
        Ok(())
    }

    /// Waits for the write in flight, then starts writing the gathered bytes.
    async fn start(&mut self) -> std::io::Result<()> {
        self.wait().await?;
        let mut next = match self.spare.take() {
            Some(spare) => spare,
            None => Pages::new(WRITE_BYTES)?,
        };
        next.clear();
        let bytes = std::mem::replace(&mut self.gathered, next);
        let (file, at) = (self.file.clone(), self.at);
        self.at += bytes.filled().len() as u64;
        self.writing = Some(tokio::task::spawn_blocking(move || {
            use std::os::unix::fs::FileExt;
            let written = file.write_all_at(bytes.filled(), at);
            (bytes, written)
        }));
        Ok(())
    }

    async fn wait(&mut self) -> std::io::Result<()> {
        let Some(writing) = self.writing.take() else {
            return Ok(());
        };
        let (buffer, written) = writing.await.map_err(std::io::Error::other)?;
        self.spare = Some(buffer);
        written
    }

    /// Every byte given so far is written.
    async fn flush(&mut self) -> std::io::Result<()> {
        if !self.gathered.filled().is_empty() {
            self.start().await?;
        }
        self.wait().await
    }
}

async fn append_local<S, E>(
    path: &Path,
    upload: &Upload<'_>,
    mut body: S,
    recorder: &mut impl Recorder,
) -> AppResult<(u64, Ended)>
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
{
    let mut file = tokio::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .await
        .map_err(io)?;
    // Anything stored past the recorded offset was never counted.
    file.set_len(upload.offset).await.map_err(io)?;
    let mut head = Head::new(upload);
    if !head.done && upload.offset > 0 {
        let mut stored = Vec::new();
        (&mut file)
            .take(head.needed as u64)
            .read_to_end(&mut stored)
            .await
            .map_err(io)?;
        head.take(&stored, recorder).await?;
    }
    let mut file = FileWriter::new(file.into_std().await, upload.offset).map_err(io)?;
    let room = upload.length - upload.offset;
    let (mut written, mut since_progress) = (0u64, 0u64);
    let mut recorded_at = tokio::time::Instant::now();
    let ended = loop {
        let chunk = match next_chunk(&mut body).await {
            Ok(chunk) => chunk,
            Err(ended) => break ended,
        };
        let fits = (room - written).min(chunk.len() as u64) as usize;
        head.take(&chunk[..fits], recorder).await?;
        file.write(&chunk[..fits]).await.map_err(io)?;
        written += fits as u64;
        since_progress += fits as u64;
        if fits < chunk.len() {
            break Ended::TooLong;
        }
        if since_progress >= PROGRESS_EVERY && recorded_at.elapsed() >= PROGRESS_INTERVAL {
            file.flush().await.map_err(io)?;
            let offset = upload.offset + written;
            recorder.progress(Progress::Stored { offset }).await?;
            since_progress = 0;
            recorded_at = tokio::time::Instant::now();
        }
    };
    file.flush().await.map_err(io)?;
    let offset = upload.offset + written;
    recorder.progress(Progress::Stored { offset }).await?;
    Ok((offset, ended))
}

/// How many parts of one upload are being stored at once (S3). Each holds its room of the
/// node's [`PartBudget`] until it is stored, so the node's part memory stays within the budget
/// however many uploads run; one upload holds at most this many parts plus the one filling.
pub const PARTS_IN_FLIGHT: usize = 4;

/// The parts of one request being stored, oldest first. They are recorded strictly in order:
/// the recorded offset only ever covers parts that are stored, with every part before them.
struct Flight {
    storage: Storage,
    key: String,
    multipart_id: String,
    parts: std::collections::VecDeque<Sending>,
}

struct Sending {
    index: usize,
    /// Where the part ends in the file.
    end: u64,
    task: tokio::task::JoinHandle<anyhow::Result<String>>,
}

impl Flight {
    fn new(storage: &Storage, upload: &Upload<'_>) -> anyhow::Result<Self> {
        Ok(Flight {
            storage: storage.clone(),
            key: upload.storage_key.to_string(),
            multipart_id: upload.multipart_id()?.to_string(),
            parts: Default::default(),
        })
    }

    /// Stores part `index` (ending at `end`) in a task of its own; its room is given back
    /// when it is stored (or fails).
    fn send(&mut self, index: usize, end: u64, part: PartRoom) {
        let (storage, key, id) = (
            self.storage.clone(),
            self.key.clone(),
            self.multipart_id.clone(),
        );
        let task =
            tokio::spawn(
                async move { storage.put_part(&key, &id, index, part.into_bytes()).await },
            );
        self.parts.push_back(Sending { index, end, task });
    }

    /// Records the stored parts at the front, waiting for the oldest until at most `keep` are
    /// in flight. A part that failed ends it with the error (the parts before it stay recorded).
    async fn settle(&mut self, keep: usize, recorder: &mut impl Recorder) -> AppResult<()> {
        while let Some(oldest) = self.parts.front() {
            if self.parts.len() <= keep && !oldest.task.is_finished() {
                break;
            }
            let Some(Sending { index, end, task }) = self.parts.pop_front() else {
                break;
            };
            let etag = task.await.map_err(anyhow::Error::from)??;
            recorder
                .progress(Progress::Part {
                    index,
                    etag,
                    offset: end,
                })
                .await?;
        }
        Ok(())
    }

    /// Waits for every part still in flight without recording it (the request failed): none
    /// is left to race a part a later request stores under the same index.
    async fn abandon(&mut self) {
        for sending in self.parts.drain(..) {
            let _ = sending.task.await;
        }
    }
}

async fn append_shared<S, E>(
    storage: &Storage,
    budget: &PartBudget,
    upload: &Upload<'_>,
    body: S,
    recorder: &mut impl Recorder,
) -> AppResult<(u64, Ended)>
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
{
    let mut flight = Flight::new(storage, upload)?;
    let appended = fill_shared(storage, budget, upload, body, recorder, &mut flight).await;
    if appended.is_err() {
        flight.abandon().await;
    }
    appended
}

async fn fill_shared<S, E>(
    storage: &Storage,
    budget: &PartBudget,
    upload: &Upload<'_>,
    mut body: S,
    recorder: &mut impl Recorder,
    flight: &mut Flight,
) -> AppResult<(u64, Ended)>
where
    S: Stream<Item = Result<Bytes, E>> + Unpin,
{
    let multipart_id = upload.multipart_id()?;
    let part_bytes = PART_BYTES as u64;
    let mut index = (upload.offset / part_bytes) as usize;
    // Where the part being filled begins in the file: the end of the parts stored or in flight.
    let mut base = index as u64 * part_bytes;
    let tail = (upload.offset - base) as usize;
    // The part being filled, with its room of the budget; none while nothing is kept.
    let mut filling: Option<PartRoom> = None;
    if tail > 0 {
        let mut part = match budget.take().await? {
            Ok(taken) => taken,
            // Nothing was taken: the recorded offset stands.
            Err(_) => return Ok((upload.offset, Ended::Busy)),
        };
        let stored = storage
            .read(&tail_key(upload.id))
            .await?
            .ok_or_else(|| anyhow::anyhow!("upload {}: its tail is missing", upload.id))?;
        if stored.len() < tail {
            return Err(anyhow::anyhow!(
                "upload {}: the tail holds {} of {tail} bytes",
                upload.id,
                stored.len()
            )
            .into());
        }
        part.fill(&stored[..tail]);
        filling = Some(part);
    }
    let mut head = Head::new(upload);
    if !head.done
        && base == 0
        && let Some(part) = &filling
    {
        head.take(part.filled(), recorder).await?;
    }
    let space = upload.length - upload.offset;
    let mut received = 0u64;
    let ended = 'body: loop {
        let chunk = match next_chunk(&mut body).await {
            Ok(chunk) => chunk,
            Err(ended) => break ended,
        };
        let fits = (space - received).min(chunk.len() as u64) as usize;
        head.take(&chunk[..fits], recorder).await?;
        received += fits as u64;
        let mut rest = &chunk[..fits];
        while !rest.is_empty() {
            let part = match &mut filling {
                Some(part) => part,
                // The parts in flight are tasks of their own: they give their room back while
                // this waits.
                None => match budget.take().await? {
                    Ok(taken) => filling.insert(taken),
                    // The chunk in hand is dropped: the client sends it again from `base`.
                    Err(_) => break 'body Ended::Busy,
                },
            };
            rest = &rest[part.fill(rest)..];
            if part.is_full() {
                // At most PARTS_IN_FLIGHT parts of this upload are being stored.
                flight.settle(PARTS_IN_FLIGHT - 1, recorder).await?;
                let full = filling.take().expect("the part just filled");
                base += part_bytes;
                flight.send(index, base, full);
                index += 1;
                // What is stored already is recorded now (the offset, the lease).
                flight.settle(PARTS_IN_FLIGHT, recorder).await?;
            }
        }
        if fits < chunk.len() {
            break Ended::TooLong;
        }
    };
    // Every part in flight is stored and recorded before the rest is.
    flight.settle(0, recorder).await?;
    let kept = filling.filter(|part| !part.filled().is_empty());
    let offset = base + kept.as_ref().map_or(0, |part| part.filled().len() as u64);
    let Some(kept) = kept else {
        recorder.progress(Progress::Stored { offset }).await?;
        return Ok((offset, ended));
    };
    if offset == upload.length {
        let etag = storage
            .put_part(upload.storage_key, multipart_id, index, kept.into_bytes())
            .await?;
        recorder
            .progress(Progress::Part {
                index,
                etag,
                offset,
            })
            .await?;
    } else {
        storage.put(&tail_key(upload.id), kept.into_bytes()).await?;
        recorder.progress(Progress::Stored { offset }).await?;
    }
    Ok((offset, ended))
}
