//! Every stored byte (uploads, image variants) goes through [`Storage`]: the local disk under
//! `DATA_DIR/files` by default, or an S3-compatible store shared by every node when
//! `STORAGE_URL=s3://bucket[/prefix]` (`docs/decisions/shared-object-storage.md`).
//!
//! Objects are named by keys such as `<uuid>.pdf` or `variants/<key>_w128.png`. Puts stream in
//! parts of [`PART_BYTES`] (S3 multipart underneath), gets stream, so a node holds a few parts
//! of a file in memory, never the whole file.

use std::fmt;
use std::ops::Range;
use std::path::{Path as FsPath, PathBuf};
use std::sync::Arc;

use bytes::Bytes;
use chrono::{DateTime, Utc};
use futures::stream::BoxStream;
use futures::{FutureExt, Stream, StreamExt, TryStreamExt};
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::multipart::{MultipartStore, PartId};
use object_store::path::Path;
use object_store::prefix::PrefixStore;
use object_store::{
    GetOptions, GetRange, GetResultPayload, ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart,
};
use tokio::sync::Semaphore;

use crate::platform::pages::Pages;

/// The size of one part of a streamed put (S3's smallest part is 5 MiB).
pub const PART_BYTES: usize = 5 * 1024 * 1024;
/// Parts of one put in flight at once: with the part being filled, a put holds at most
/// `(PARTS_IN_FLIGHT + 1) × PART_BYTES` of its file.
const PARTS_IN_FLIGHT: usize = 2;

/// A large read from S3 is cut into pieces of this size, fetched [`READ_AHEAD_PIECES`] at a time
/// and sent in order: one GET at a time ran at half the speed of boto3's download (ten ranged
/// GETs in flight) against the same store (`docs/decisions/s3-read-ahead.md`).
const READ_AHEAD_PIECE: u64 = 4 * 1024 * 1024;
/// The pieces of one read requested at once (the one being sent among them).
const READ_AHEAD_PIECES: usize = 16;
/// The node's memory for pieces fetched ahead, shared by every read: a piece that finds it spent
/// is streamed as it arrives instead (no memory, no read-ahead), so neither many downloads nor a
/// client that stops reading can make a node hold more, or make another download wait.
pub const READ_AHEAD_BYTES: usize = 64 * 1024 * 1024;
/// Read-ahead memory is counted in KiB, so that a semaphore's `u32` acquisitions cover it.
const READ_AHEAD_UNIT: usize = 1024;
/// A piece in memory goes to the client in slices of this size.
const SEND_SLICE: usize = 1024 * 1024;

/// Where the bytes live, as the configuration says.
#[derive(Clone, PartialEq, Eq)]
pub enum StorageConfig {
    /// A folder on this node's disk (`DATA_DIR/files`).
    Local(PathBuf),
    /// An S3-compatible store (`STORAGE_URL=s3://bucket[/prefix]` and the `AWS_*` variables).
    S3(S3Config),
}

#[derive(Clone, PartialEq, Eq)]
pub struct S3Config {
    pub bucket: String,
    /// Keys are stored under this prefix (no leading or trailing slash); empty for none.
    pub prefix: String,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    pub region: Option<String>,
    /// `AWS_ENDPOINT_URL`: another S3-compatible service; path-style addressing, and plain
    /// HTTP allowed when it says `http://`.
    pub endpoint: Option<String>,
}

impl fmt::Debug for StorageConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Local(dir) => write!(f, "local {}", dir.display()),
            // Never the keys.
            Self::S3(s3) => write!(
                f,
                "s3://{}/{} (endpoint {})",
                s3.bucket,
                s3.prefix,
                s3.endpoint.as_deref().unwrap_or("AWS")
            ),
        }
    }
}

impl StorageConfig {
    /// `STORAGE_URL` (with the `AWS_*` variables read through `var`), or the local folder.
    pub fn from_env(
        url: Option<&str>,
        local: PathBuf,
        var: impl Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Self> {
        let Some(url) = url.filter(|u| !u.trim().is_empty()) else {
            return Ok(Self::Local(local));
        };
        let rest = url.strip_prefix("s3://").ok_or_else(|| {
            anyhow::anyhow!("STORAGE_URL must be s3://bucket[/prefix], not {url}")
        })?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            anyhow::bail!("STORAGE_URL names no bucket: {url}");
        }
        Ok(Self::S3(S3Config {
            bucket: bucket.to_string(),
            prefix: prefix.trim_matches('/').to_string(),
            access_key_id: var("AWS_ACCESS_KEY_ID"),
            secret_access_key: var("AWS_SECRET_ACCESS_KEY"),
            region: var("AWS_REGION").or_else(|| var("AWS_DEFAULT_REGION")),
            endpoint: var("AWS_ENDPOINT_URL"),
        }))
    }
}

/// What a stored object is, without its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectInfo {
    pub key: String,
    pub size: u64,
    pub last_modified: DateTime<Utc>,
    /// The store's entity tag, as a quoted HTTP entity tag.
    pub etag: Option<String>,
}

/// A stored object's bytes as they arrive.
pub struct ObjectStream {
    pub info: ObjectInfo,
    /// The byte range of the object the stream carries.
    pub range: Range<u64>,
    pub bytes: BoxStream<'static, std::io::Result<Bytes>>,
}

/// A streamed put failed: the source stream's own error, or the store's.
#[derive(Debug, thiserror::Error)]
pub enum PutError<E> {
    #[error("the source failed")]
    Source(E),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

/// The node's object store; cheap to clone (a few `Arc`s).
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// With S3: multipart uploads addressed by id, so one begun by a node can be continued
    /// and completed by another (`files::uploads::parts`). `None` on local disk.
    multipart: Option<SharedMultipart>,
    /// The local store itself (its files are the objects); `None` on S3.
    local: Option<Arc<LocalFileSystem>>,
    /// With S3: the node's memory for pieces of large reads fetched ahead of the one being
    /// sent ([`READ_AHEAD_BYTES`]); `None` on the local disk, which is read in place.
    read_ahead: Option<Arc<Semaphore>>,
}

/// The S3 store's multipart uploads, with the configured prefix applied to each key.
#[derive(Clone)]
struct SharedMultipart {
    store: Arc<dyn MultipartStore>,
    prefix: String,
}

impl SharedMultipart {
    fn path(&self, key: &str) -> anyhow::Result<Path> {
        if self.prefix.is_empty() {
            path(key)
        } else {
            path(&format!("{}/{key}", self.prefix))
        }
    }
}

impl fmt::Debug for Storage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Storage({})", self.store)
    }
}

fn path(key: &str) -> anyhow::Result<Path> {
    Path::parse(key).map_err(|e| anyhow::anyhow!("bad storage key {key:?}: {e}"))
}

fn is_not_found(error: &object_store::Error) -> bool {
    matches!(error, object_store::Error::NotFound { .. })
}

fn info_of(meta: object_store::ObjectMeta) -> ObjectInfo {
    ObjectInfo {
        key: meta.location.to_string(),
        size: meta.size,
        last_modified: meta.last_modified,
        etag: meta.e_tag.map(|tag| {
            if tag.starts_with('"') || tag.starts_with("W/") {
                tag
            } else {
                format!("\"{tag}\"")
            }
        }),
    }
}

impl Storage {
    /// The store the configuration names.
    pub fn open(config: &StorageConfig) -> anyhow::Result<Self> {
        match config {
            StorageConfig::Local(dir) => Self::local(dir),
            StorageConfig::S3(s3) => Self::s3(s3),
        }
    }

    /// Objects as files under `dir` (created when missing).
    pub fn local(dir: &FsPath) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let local = Arc::new(LocalFileSystem::new_with_prefix(dir)?.with_automatic_cleanup(true));
        Ok(Self {
            store: local.clone(),
            multipart: None,
            local: Some(local),
            read_ahead: None,
        })
    }

    /// Objects in an S3-compatible bucket.
    pub fn s3(config: &S3Config) -> anyhow::Result<Self> {
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&config.bucket)
            .with_region(config.region.as_deref().unwrap_or("us-east-1"))
            // Object tags are never used; stores such as s3s-fs do not keep them.
            .with_disable_tagging(true);
        if let Some(key) = &config.access_key_id {
            builder = builder.with_access_key_id(key);
        }
        if let Some(secret) = &config.secret_access_key {
            builder = builder.with_secret_access_key(secret);
        }
        if let Some(endpoint) = &config.endpoint {
            builder = builder
                .with_endpoint(endpoint.trim_end_matches('/'))
                .with_virtual_hosted_style_request(false)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        let s3 = Arc::new(builder.build()?);
        let multipart = SharedMultipart {
            store: s3.clone(),
            prefix: config.prefix.clone(),
        };
        let store: Arc<dyn ObjectStore> = if config.prefix.is_empty() {
            s3
        } else {
            Arc::new(PrefixStore::new(
                s3 as Arc<dyn ObjectStore>,
                config.prefix.as_str(),
            ))
        };
        Ok(Self {
            store,
            multipart: Some(multipart),
            local: None,
            read_ahead: Some(Arc::new(Semaphore::new(READ_AHEAD_BYTES / READ_AHEAD_UNIT))),
        })
    }

    /// The same S3 store with `bytes` of read-ahead memory of its own (tests: `0` streams every
    /// piece as it arrives); the local store is unchanged.
    pub fn with_read_ahead(mut self, bytes: usize) -> Self {
        if self.read_ahead.is_some() {
            self.read_ahead = Some(Arc::new(Semaphore::new(bytes / READ_AHEAD_UNIT)));
        }
        self
    }

    /// The read-ahead memory no piece holds now, in bytes (0 on the local store).
    pub fn read_ahead_free(&self) -> usize {
        self.read_ahead
            .as_ref()
            .map_or(0, |budget| budget.available_permits() * READ_AHEAD_UNIT)
    }

    /// With the local store, the file that holds (or will hold) the object `key`, so a file
    /// already on the same disk can be moved in instead of copied; `None` on S3.
    pub fn local_path(&self, key: &str) -> anyhow::Result<Option<PathBuf>> {
        match &self.local {
            Some(local) => Ok(Some(local.path_to_filesystem(&path(key)?)?)),
            None => Ok(None),
        }
    }

    /// Whether multipart uploads outlive the request and the node that began them (S3): then
    /// [`Self::create_multipart`] and the calls after it work, from any node.
    pub fn has_shared_multipart(&self) -> bool {
        self.multipart.is_some()
    }

    fn shared_multipart(&self) -> anyhow::Result<&SharedMultipart> {
        self.multipart
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("this store keeps no multipart uploads by id"))
    }

    /// Begins a multipart upload of the object `key`; its id, for the calls below.
    pub async fn create_multipart(&self, key: &str) -> anyhow::Result<String> {
        let multipart = self.shared_multipart()?;
        Ok(multipart
            .store
            .create_multipart(&multipart.path(key)?)
            .await?)
    }

    /// Stores part `index` (from 0) of the multipart upload `id`; the part's entity tag, which
    /// [`Self::complete_multipart`] needs. Every part but the last must be at least
    /// [`PART_BYTES`]; storing an index again replaces it.
    pub async fn put_part(
        &self,
        key: &str,
        id: &str,
        index: usize,
        bytes: Bytes,
    ) -> anyhow::Result<String> {
        let multipart = self.shared_multipart()?;
        let part = multipart
            .store
            .put_part(
                &multipart.path(key)?,
                &id.to_string(),
                index,
                PutPayload::from(bytes),
            )
            .await?;
        Ok(part.content_id)
    }

    /// Makes the object `key` of the parts' entity tags, in order.
    pub async fn complete_multipart(
        &self,
        key: &str,
        id: &str,
        etags: Vec<String>,
    ) -> anyhow::Result<()> {
        let multipart = self.shared_multipart()?;
        let parts = etags
            .into_iter()
            .map(|content_id| PartId { content_id })
            .collect();
        multipart
            .store
            .complete_multipart(&multipart.path(key)?, &id.to_string(), parts)
            .await?;
        Ok(())
    }

    /// Drops the multipart upload `id` and its parts; one that is gone already is no error.
    pub async fn abort_multipart(&self, key: &str, id: &str) -> anyhow::Result<()> {
        let multipart = self.shared_multipart()?;
        match multipart
            .store
            .abort_multipart(&multipart.path(key)?, &id.to_string())
            .await
        {
            Ok(()) => Ok(()),
            Err(e) if is_not_found(&e) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Stores `bytes` held in memory (small objects: variants, tests) under `key`.
    pub async fn put(&self, key: &str, bytes: Bytes) -> anyhow::Result<()> {
        self.store.put(&path(key)?, PutPayload::from(bytes)).await?;
        Ok(())
    }

    /// Stores the bytes of `source` under `key` as they arrive and answers their count. An
    /// object smaller than one part is one put; a larger one a multipart upload with at most
    /// [`PARTS_IN_FLIGHT`] parts in flight (back pressure on the source). When the source or the
    /// store fails nothing is left under `key` (the multipart upload is aborted).
    pub async fn put_stream<S, E>(&self, key: &str, source: S) -> Result<u64, PutError<E>>
    where
        S: Stream<Item = Result<Bytes, E>>,
    {
        let location = path(key)?;
        let mut source = std::pin::pin!(source);
        let mut first = Vec::new();
        let mut count = 0u64;
        // Up to one part in memory: small objects are a single put.
        while first.len() < PART_BYTES {
            match source.next().await {
                Some(Ok(chunk)) => {
                    count += chunk.len() as u64;
                    first.extend_from_slice(&chunk);
                }
                Some(Err(e)) => return Err(PutError::Source(e)),
                None => {
                    self.store
                        .put(&location, PutPayload::from(first))
                        .await
                        .map_err(anyhow::Error::from)?;
                    return Ok(count);
                }
            }
        }
        let upload = self
            .store
            .put_multipart(&location)
            .await
            .map_err(anyhow::Error::from)?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
        writer.put(Bytes::from(first));
        loop {
            let next = match writer.wait_for_capacity(PARTS_IN_FLIGHT).await {
                Ok(()) => source.next().await,
                Err(e) => {
                    let _ = writer.abort().await;
                    return Err(PutError::Store(e.into()));
                }
            };
            match next {
                Some(Ok(chunk)) => {
                    count += chunk.len() as u64;
                    writer.put(chunk);
                }
                Some(Err(e)) => {
                    if let Err(abort) = writer.abort().await {
                        tracing::warn!(error = %abort, key, "aborting a multipart upload failed");
                    }
                    return Err(PutError::Source(e));
                }
                None => break,
            }
        }
        writer.finish().await.map_err(anyhow::Error::from)?;
        Ok(count)
    }

    /// What is stored under `key`, or `None`.
    pub async fn head(&self, key: &str) -> anyhow::Result<Option<ObjectInfo>> {
        match self.store.head(&path(key)?).await {
            Ok(meta) => Ok(Some(info_of(meta))),
            Err(e) if is_not_found(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The bytes under `key` as a stream, or `None`.
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<ObjectStream>> {
        self.get_opts(key, GetOptions::default()).await
    }

    /// The bytes `range` of the object under `key` as a stream (the range is clipped to the
    /// object's end); `None` when there is no such object. From S3 a range longer than one
    /// piece ([`READ_AHEAD_PIECE`]) is fetched several pieces at a time and sent in order.
    pub async fn get_range(
        &self,
        key: &str,
        range: Range<u64>,
    ) -> anyhow::Result<Option<ObjectStream>> {
        anyhow::ensure!(range.start < range.end, "empty range {range:?} of {key}");
        if let Some(budget) = &self.read_ahead
            && range.end - range.start > READ_AHEAD_PIECE
        {
            return self.get_pieces(key, range, budget.clone()).await;
        }
        let options = GetOptions {
            range: Some(GetRange::Bounded(range)),
            ..GetOptions::default()
        };
        self.get_opts(key, options).await
    }

    /// [`Self::get_range`] in pieces: the first is asked for at once (it tells the object's
    /// size and entity tag, and it is streamed); the others, up to [`READ_AHEAD_PIECES`] at a
    /// time, each into memory when the node's read-ahead budget has room for it, streamed in
    /// its turn otherwise. Every piece asks for the same entity tag as the first, so a read
    /// never mixes two versions of an object.
    async fn get_pieces(
        &self,
        key: &str,
        range: Range<u64>,
        budget: Arc<Semaphore>,
    ) -> anyhow::Result<Option<ObjectStream>> {
        let first_end = range.start + READ_AHEAD_PIECE;
        let first = GetOptions {
            range: Some(GetRange::Bounded(range.start..first_end)),
            ..GetOptions::default()
        };
        let Some(first) = self.get_opts(key, first).await? else {
            return Ok(None);
        };
        let end = range.end.min(first.info.size);
        let location = path(key)?;
        let pieces = (first.range.end..end)
            .step_by(READ_AHEAD_PIECE as usize)
            .map(move |start| start..(start + READ_AHEAD_PIECE).min(end));
        let (store, etag) = (self.store.clone(), first.info.etag.clone());
        let rest = pieces.map(move |piece| {
            let (store, location, budget) = (store.clone(), location.clone(), budget.clone());
            let options = GetOptions {
                range: Some(GetRange::Bounded(piece.clone())),
                if_match: etag.clone(),
                ..GetOptions::default()
            };
            async move { fetch_piece(store, location, options, &budget, piece).await }.boxed()
        });
        let first_piece = futures::future::ready(Ok::<Piece, std::io::Error>(first.bytes)).boxed();
        let bytes = futures::stream::iter(std::iter::once(first_piece).chain(rest))
            .buffered(READ_AHEAD_PIECES)
            .try_flatten()
            .boxed();
        Ok(Some(ObjectStream {
            info: first.info,
            range: range.start..end,
            bytes,
        }))
    }

    async fn get_opts(
        &self,
        key: &str,
        options: GetOptions,
    ) -> anyhow::Result<Option<ObjectStream>> {
        let result = match self.store.get_opts(&path(key)?, options).await {
            Ok(result) => result,
            Err(e) if is_not_found(&e) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let range = result.range.clone();
        let info = info_of(result.meta.clone());
        let bytes = match result.payload {
            GetResultPayload::File(file, _) => read_file(file, range.clone()),
            GetResultPayload::Stream(stream) => stream.map_err(std::io::Error::other).boxed(),
        };
        Ok(Some(ObjectStream { info, range, bytes }))
    }

    /// The whole object under `key` in memory (small objects only: image variants and the
    /// originals they are made from), or `None`.
    pub async fn read(&self, key: &str) -> anyhow::Result<Option<Bytes>> {
        match self.store.get(&path(key)?).await {
            Ok(result) => Ok(Some(result.bytes().await?)),
            Err(e) if is_not_found(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Removes the object under `key`; removing what is not there is no error.
    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.store.delete(&path(key)?).await {
            Ok(()) => Ok(()),
            Err(e) if is_not_found(&e) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Every object whose key starts with the folder `prefix` (`""` for all), with its size and
    /// last modification (what expiry decides on).
    pub fn list(&self, prefix: &str) -> BoxStream<'static, anyhow::Result<ObjectInfo>> {
        let prefix = match prefix.trim_matches('/') {
            "" => None,
            folder => match path(folder) {
                Ok(p) => Some(p),
                Err(e) => return futures::stream::once(async { Err(e) }).boxed(),
            },
        };
        self.store
            .list(prefix.as_ref())
            .map_ok(info_of)
            .map_err(anyhow::Error::from)
            .boxed()
    }
}

/// What [`copy_all`] did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CopyReport {
    pub copied: u64,
    /// Already in the target with the same size.
    pub skipped: u64,
    pub failed: u64,
    pub bytes: u64,
}

/// How many objects [`copy_all`] copies at once.
const COPIES_IN_FLIGHT: usize = 4;

/// Copies every object of `from` into `to` under the same key, streamed; objects already in
/// `to` with the same size are skipped, so running it again finishes what a failed run left.
/// Each failure is logged and counted; the rest go on.
pub async fn copy_all(from: &Storage, to: &Storage) -> anyhow::Result<CopyReport> {
    let objects: Vec<ObjectInfo> = from.list("").try_collect().await?;
    let outcomes: Vec<(String, anyhow::Result<Option<u64>>)> =
        futures::stream::iter(objects.into_iter().map(|object| async move {
            let outcome = copy_one(from, to, &object).await;
            (object.key, outcome)
        }))
        .buffer_unordered(COPIES_IN_FLIGHT)
        .collect()
        .await;
    let mut report = CopyReport::default();
    for (key, outcome) in outcomes {
        match outcome {
            Ok(Some(bytes)) => {
                report.copied += 1;
                report.bytes += bytes;
            }
            Ok(None) => report.skipped += 1,
            Err(error) => {
                tracing::error!(key, error = format!("{error:#}"), "copy failed");
                report.failed += 1;
            }
        }
    }
    Ok(report)
}

/// Copies one object; `None` when `to` has it already.
async fn copy_one(
    from: &Storage,
    to: &Storage,
    object: &ObjectInfo,
) -> anyhow::Result<Option<u64>> {
    if to
        .head(&object.key)
        .await?
        .is_some_and(|there| there.size == object.size)
    {
        return Ok(None);
    }
    let source = from
        .get(&object.key)
        .await?
        .ok_or_else(|| anyhow::anyhow!("{} vanished from the source", object.key))?;
    let copied = to
        .put_stream(&object.key, source.bytes)
        .await
        .map_err(|e| match e {
            PutError::Source(e) => anyhow::Error::from(e),
            PutError::Store(e) => e,
        })?;
    anyhow::ensure!(
        copied == object.size,
        "{}: {copied} of {} bytes copied",
        object.key,
        object.size
    );
    Ok(Some(copied))
}

type Piece = BoxStream<'static, std::io::Result<Bytes>>;

/// One piece of a large read: fetched whole while room of `budget` is held for it (given back
/// when its last slice has been sent or the read is dropped), or, when the budget is spent,
/// the store's stream, read as it is sent.
async fn fetch_piece(
    store: Arc<dyn ObjectStore>,
    location: Path,
    options: GetOptions,
    budget: &Arc<Semaphore>,
    piece: Range<u64>,
) -> std::io::Result<Piece> {
    let units = (piece.end - piece.start).div_ceil(READ_AHEAD_UNIT as u64) as u32;
    let room = budget.clone().try_acquire_many_owned(units).ok();
    let result = store
        .get_opts(&location, options)
        .await
        .map_err(std::io::Error::other)?;
    if result.range != piece {
        return Err(std::io::Error::other(format!(
            "asked for the bytes {piece:?}, the store sent {:?}",
            result.range
        )));
    }
    let Some(room) = room else {
        return Ok(result.into_stream().map_err(std::io::Error::other).boxed());
    };
    let mut pages = Pages::new((piece.end - piece.start) as usize)?;
    let mut arriving = result.into_stream();
    while let Some(chunk) = arriving.try_next().await.map_err(std::io::Error::other)? {
        if pages.fill(&chunk) < chunk.len() {
            return Err(std::io::Error::other(format!(
                "the store sent more than the bytes {piece:?}"
            )));
        }
    }
    if !pages.is_full() {
        return Err(std::io::Error::other(format!(
            "the store sent {} of the bytes {piece:?}",
            pages.filled().len()
        )));
    }
    Ok(slices(pages.into_bytes_with(room)))
}

/// `bytes` in [`SEND_SLICE`] slices.
fn slices(bytes: Bytes) -> Piece {
    futures::stream::unfold(bytes, |mut rest| async move {
        if rest.is_empty() {
            return None;
        }
        let slice = rest.split_to(rest.len().min(SEND_SLICE));
        Some((Ok(slice), rest))
    })
    .boxed()
}

/// How much of a local file one read takes. object_store's own stream reads 8 KiB at a time,
/// each on the blocking pool: a 2 GiB download was 262,144 hand-offs and ran at a quarter of the
/// disk's speed (`make bench-files`).
const READ_PIECE: usize = 256 * 1024;

/// The bytes of a local file in `range`, [`READ_PIECE`] at a time on the blocking pool.
fn read_file(file: std::fs::File, range: Range<u64>) -> BoxStream<'static, std::io::Result<Bytes>> {
    let file = Arc::new(file);
    futures::stream::try_unfold(range, move |range| {
        let file = file.clone();
        async move {
            if range.start >= range.end {
                return Ok(None);
            }
            let want = (range.end - range.start).min(READ_PIECE as u64) as usize;
            let at = range.start;
            let piece = tokio::task::spawn_blocking(move || {
                use std::os::unix::fs::FileExt;
                let mut piece = vec![0; want];
                file.read_exact_at(&mut piece, at).map(|()| piece)
            })
            .await
            .map_err(std::io::Error::other)??;
            Ok(Some((Bytes::from(piece), at + want as u64..range.end)))
        }
    })
    .boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_urls_name_a_bucket_and_an_optional_prefix() {
        let env = |name: &str| match name {
            "AWS_ACCESS_KEY_ID" => Some("id".to_string()),
            "AWS_ENDPOINT_URL" => Some("http://127.0.0.1:9000".to_string()),
            _ => None,
        };
        let local = PathBuf::from("data/files");
        assert_eq!(
            StorageConfig::from_env(None, local.clone(), env).unwrap(),
            StorageConfig::Local(local.clone())
        );
        let StorageConfig::S3(s3) =
            StorageConfig::from_env(Some("s3://tsumugi/prod/files/"), local.clone(), env).unwrap()
        else {
            panic!("s3");
        };
        assert_eq!(
            (s3.bucket.as_str(), s3.prefix.as_str()),
            ("tsumugi", "prod/files")
        );
        assert_eq!(s3.access_key_id.as_deref(), Some("id"));
        assert_eq!(s3.endpoint.as_deref(), Some("http://127.0.0.1:9000"));
        assert!(StorageConfig::from_env(Some("gs://x"), local.clone(), env).is_err());
        assert!(StorageConfig::from_env(Some("s3://"), local, env).is_err());
    }

    #[test]
    fn the_debug_form_never_shows_the_secret() {
        let config = StorageConfig::S3(S3Config {
            bucket: "b".into(),
            prefix: String::new(),
            access_key_id: Some("id".into()),
            secret_access_key: Some("very-secret".into()),
            region: None,
            endpoint: None,
        });
        assert!(!format!("{config:?}").contains("very-secret"));
    }
}
