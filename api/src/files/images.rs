//! Image variants, kept in storage beside the originals, and the placeholder shown for files that are private, not
//! yet scanned, infected, not images, or too large to decode.
//!
//! Decoding is the expensive part (a 292 KB PNG can hold 10000×10000 pixels, 300 MB decoded),
//! so it is bounded three ways: uploads over [`PIXEL_BUDGET`] are refused; every decode runs
//! under [`decode_limits`]; and at most one decode per core runs at once ([`DECODES`]).
//! Variants come in the widths of [`VARIANT_WIDTHS`] only, so one image has at most that many
//! objects in storage whatever sizes are asked for. See `docs/decisions/image-decoding-budget.md`.

use std::io::{BufRead, Seek};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use futures::TryStreamExt;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::platform::error::AppError;
use crate::platform::storage::Storage;

/// The most pixels an image may have (40 megapixels): larger uploads are refused (`dimensions`)
/// and larger stored images are never decoded.
pub const PIXEL_BUDGET: u64 = 40_000_000;

/// 422 for an image over the decoding budget.
pub(crate) fn too_many_pixels() -> AppError {
    AppError::Validation {
        message: "画像が大きすぎます。4,000万画素以下（一辺16,384ピクセル以下）の画像をアップロードしてください。".into(),
        rules: [("file".to_string(), vec!["dimensions".to_string()])].into(),
    }
}

/// The longest side an image may have, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// The most memory one decoded image may take: the pixel budget at 4 bytes a pixel (8-bit RGBA).
/// 16-bit images therefore fit up to half the pixel budget.
pub const MAX_DECODED_BYTES: u64 = PIXEL_BUDGET * 4;

/// The widths variants are made in; a request is served the smallest one at least as wide as
/// the image it asked for (never wider than the image itself).
pub const VARIANT_WIDTHS: [u32; 6] = [64, 128, 256, 512, 1024, 2048];

/// How long a request waits for a decode slot before it is answered 503 (below the request
/// time limit, so the answer is ours and not the timeout's).
pub const DECODE_WAIT: Duration = Duration::from_secs(10);

/// How much of a stored image is read for its header: every format here keeps its dimensions
/// near the start (a JPEG after its metadata segments, at most 64 KiB each).
pub const HEADER_BYTES: u64 = 256 * 1024;

pub const PLACEHOLDER_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120"><rect width="160" height="120" fill="#e5e7eb"/><path d="M50 82l20-26 14 18 10-12 16 20z" fill="#9ca3af"/><circle cx="62" cy="44" r="8" fill="#9ca3af"/></svg>"##;

/// The limits every decode runs under: sides of at most [`MAX_SIDE`] and at most
/// [`MAX_DECODED_BYTES`] allocated.
pub fn decode_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    limits
}

/// What the header of an image says, read without decoding its pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Header {
    /// Within the budget: it may be decoded.
    Fits { width: u32, height: u32 },
    /// Over the pixel budget, a side or the memory limit: never decoded.
    TooLarge,
    /// Not an image this server can read (its variants are the placeholder).
    Unreadable,
}

impl Header {
    fn read<R: BufRead + Seek>(reader: ImageReader<R>) -> Self {
        let mut reader = match reader.with_guessed_format() {
            Ok(reader) => reader,
            Err(_) => return Self::Unreadable,
        };
        reader.limits(decode_limits());
        let decoder = match reader.into_decoder() {
            Ok(decoder) => decoder,
            Err(ImageError::Limits(_)) => return Self::TooLarge,
            Err(_) => return Self::Unreadable,
        };
        let (width, height) = decoder.dimensions();
        if within_budget(width, height, decoder.total_bytes()) {
            Self::Fits { width, height }
        } else {
            Self::TooLarge
        }
    }

    /// The header of an image's bytes (the first of them are enough).
    pub fn of_bytes(bytes: &[u8]) -> Self {
        Self::read(ImageReader::new(std::io::Cursor::new(bytes)))
    }

    /// The header of the image stored under `key`: its first [`HEADER_BYTES`], or the whole
    /// object when those do not say. Unreadable when nothing is stored there.
    pub async fn of_stored(storage: &Storage, key: &str) -> anyhow::Result<Self> {
        let Some(start) = storage.get_range(key, 0..HEADER_BYTES).await? else {
            return Ok(Self::Unreadable);
        };
        let whole = start.range.end >= start.info.size;
        let prefix: Vec<u8> = start
            .bytes
            .try_fold(Vec::new(), |mut all, chunk| async move {
                all.extend_from_slice(&chunk);
                Ok(all)
            })
            .await?;
        match Self::of_bytes(&prefix) {
            Self::Unreadable if !whole => Ok(storage
                .read(key)
                .await?
                .map_or(Self::Unreadable, |bytes| Self::of_bytes(&bytes))),
            header => Ok(header),
        }
    }
}

/// Whether an image of `width`×`height` taking `decoded_bytes` may be decoded.
pub fn within_budget(width: u32, height: u32, decoded_bytes: u64) -> bool {
    width <= MAX_SIDE
        && height <= MAX_SIDE
        && u64::from(width) * u64::from(height) <= PIXEL_BUDGET
        && decoded_bytes <= MAX_DECODED_BYTES
}

/// The variant width that serves a request for `requested_width`×`requested_height` (either
/// may be absent: unconstrained) of an image of `width`×`height`: the width the image would be
/// shown at, rounded up to the next of [`VARIANT_WIDTHS`] (the largest when it is wider).
pub fn variant_width(
    width: u32,
    height: u32,
    requested_width: Option<u32>,
    requested_height: Option<u32>,
) -> u32 {
    let mut shown = u64::from(width);
    if let Some(w) = requested_width.filter(|w| *w > 0) {
        shown = shown.min(u64::from(w));
    }
    if let Some(h) = requested_height.filter(|h| *h > 0) {
        // The width at which the image is `h` high, rounded up.
        let at_height = (u64::from(h) * u64::from(width)).div_ceil(u64::from(height.max(1)));
        shown = shown.min(at_height);
    }
    let largest = VARIANT_WIDTHS[VARIANT_WIDTHS.len() - 1];
    VARIANT_WIDTHS
        .into_iter()
        .find(|w| u64::from(*w) >= shown)
        .unwrap_or(largest)
}

/// The storage key of the variant `width` pixels wide of a stored file.
pub fn variant_key(storage_key: &str, width: u32) -> String {
    format!("variants/{storage_key}_w{width}.png")
}

/// Decodes an image under [`decode_limits`]: a bomb fails with `ImageError::Limits` instead of
/// allocating its decoded size.
pub fn decode(source: &[u8]) -> Result<DynamicImage, ImageError> {
    let mut reader = ImageReader::new(std::io::Cursor::new(source)).with_guessed_format()?;
    reader.limits(decode_limits());
    reader.decode()
}

/// Makes the variant `width` pixels wide of the image `source` (no wider than the image
/// itself), keeping the aspect ratio, as PNG bytes. Runs on the blocking pool, holding a decode
/// permit; the caller stores it (a put is whole or nothing, so a concurrent reader never sees
/// half a variant).
pub fn render_variant(source: &[u8], width: u32) -> anyhow::Result<Vec<u8>> {
    let image = decode(source)?;
    let resized = if image.width() <= width {
        image
    } else {
        let height = (u64::from(image.height()) * u64::from(width))
            .div_ceil(u64::from(image.width()))
            .max(1);
        image.thumbnail_exact(width, u32::try_from(height)?)
    };
    let mut bytes = Vec::new();
    resized.write_to(&mut std::io::Cursor::new(&mut bytes), ImageFormat::Png)?;
    Ok(bytes)
}

/// A bound on how many images are decoded at once; a request waits its turn (up to a bound)
/// rather than failing.
#[derive(Debug)]
pub struct DecodeGate {
    permits: Arc<Semaphore>,
    size: usize,
    wait: Duration,
}

/// No decode slot came free within the wait.
#[derive(Debug, thiserror::Error)]
#[error("every image decode slot stayed busy")]
pub struct Busy;

impl DecodeGate {
    pub fn new(size: usize, wait: Duration) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(size)),
            size,
            wait,
        }
    }

    /// How many decodes may run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// How many more decodes could start now.
    pub fn available(&self) -> usize {
        self.permits.available_permits()
    }

    /// A decode slot, held until the permit is dropped (move it into the blocking task, so a
    /// request that goes away does not free the slot while its decode still runs).
    pub async fn enter(&self) -> Result<OwnedSemaphorePermit, Busy> {
        tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| Busy)?
            .map_err(|_| Busy)
    }
}

/// The node's decode slots: one per core.
pub static DECODES: LazyLock<DecodeGate> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    DecodeGate::new(cores, DECODE_WAIT)
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_widths_snap_up_to_the_fixed_set_and_never_exceed_the_image() {
        // 400×200: the width asked for, rounded up; unconstrained is the image's own width.
        assert_eq!(variant_width(400, 200, Some(100), None), 128);
        assert_eq!(variant_width(400, 200, Some(128), None), 128);
        assert_eq!(variant_width(400, 200, Some(129), None), 256);
        assert_eq!(variant_width(400, 200, None, None), 512);
        assert_eq!(variant_width(400, 200, Some(4096), None), 512);
        // The height asked for decides through the aspect ratio: 50 high is 100 wide.
        assert_eq!(variant_width(400, 200, None, Some(50)), 128);
        assert_eq!(variant_width(400, 200, Some(80), Some(80)), 128);
        // Tiny images and huge requests stay in the set.
        assert_eq!(variant_width(10, 10, Some(1), None), 64);
        assert_eq!(variant_width(16_000, 2_000, None, None), 2048);
        assert_eq!(variant_width(5, 16_000, Some(3000), Some(1)), 64);
        let mut seen: Vec<u32> = (1..=4096)
            .map(|w| variant_width(3000, 1000, Some(w), None))
            .collect();
        seen.dedup();
        assert_eq!(seen, VARIANT_WIDTHS);
    }

    #[test]
    fn the_budget_counts_pixels_sides_and_decoded_bytes() {
        assert!(within_budget(8000, 5000, 8000 * 5000 * 3));
        assert!(
            !within_budget(10_000, 10_000, 10_000 * 10_000 * 3),
            "100 MP"
        );
        assert!(!within_budget(MAX_SIDE + 1, 10, 3 * 10 * 16_385));
        // 16-bit RGBA at 30 MP takes 240 MB decoded: over the memory limit.
        assert!(!within_budget(6000, 5000, 6000 * 5000 * 8));
        let limits = decode_limits();
        assert_eq!(limits.max_image_width, Some(MAX_SIDE));
        assert_eq!(limits.max_image_height, Some(MAX_SIDE));
        assert_eq!(limits.max_alloc, Some(MAX_DECODED_BYTES));
    }

    #[tokio::test]
    async fn decodes_wait_for_a_slot_beyond_the_gate_size() {
        let gate = DecodeGate::new(2, Duration::from_secs(60));
        assert_eq!((gate.size(), gate.available()), (2, 2));
        let first = gate.enter().await.unwrap();
        let second = gate.enter().await.unwrap();
        assert_eq!(gate.available(), 0);

        // A third decode waits (it neither fails nor runs) until a slot is given back.
        let mut third = Box::pin(gate.enter());
        assert!(futures::poll!(third.as_mut()).is_pending());
        drop(first);
        let third = third.await.unwrap();
        assert_eq!(gate.available(), 0);
        drop((second, third));
        assert_eq!(gate.available(), 2);
    }

    #[tokio::test]
    async fn a_decode_that_waits_past_the_bound_is_busy() {
        let gate = DecodeGate::new(1, Duration::from_millis(1));
        let _held = gate.enter().await.unwrap();
        assert!(gate.enter().await.is_err());
    }

    #[test]
    fn the_node_has_one_decode_slot_per_core() {
        let cores = std::thread::available_parallelism().unwrap().get();
        assert_eq!(DECODES.size(), cores);
        assert!(DECODES.size() >= 1);
    }
}
