//! Image variants by width and height, cached on disk, and the placeholder shown for files
//! that are private, not yet scanned, infected or not images.

use std::path::{Path, PathBuf};

use image::ImageFormat;

pub const MAX_DIMENSION: u32 = 2000;

pub const PLACEHOLDER_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120"><rect width="160" height="120" fill="#e5e7eb"/><path d="M50 82l20-26 14 18 10-12 16 20z" fill="#9ca3af"/><circle cx="62" cy="44" r="8" fill="#9ca3af"/></svg>"##;

pub fn variant_path(data_dir: &Path, storage_key: &str, width: u32, height: u32) -> PathBuf {
    data_dir
        .join("variants")
        .join(format!("{storage_key}_{width}x{height}.png"))
}

/// Resizes to fit inside `width`×`height` (0 means unconstrained), keeping the aspect ratio,
/// and stores the PNG next to the other variants. Runs on the blocking pool.
pub fn render_variant(
    source: &Path,
    target: &Path,
    width: u32,
    height: u32,
) -> anyhow::Result<Vec<u8>> {
    if let Ok(bytes) = std::fs::read(target) {
        return Ok(bytes);
    }
    let image = image::ImageReader::open(source)?
        .with_guessed_format()?
        .decode()?;
    let (w, h) = (
        if width == 0 {
            MAX_DIMENSION
        } else {
            width.min(MAX_DIMENSION)
        },
        if height == 0 {
            MAX_DIMENSION
        } else {
            height.min(MAX_DIMENSION)
        },
    );
    let resized = if image.width() <= w && image.height() <= h {
        image
    } else {
        image.thumbnail(w, h)
    };
    let mut bytes = Vec::new();
    resized.write_to(&mut std::io::Cursor::new(&mut bytes), ImageFormat::Png)?;
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(target, &bytes)?;
    Ok(bytes)
}

/// Width and height of an image file, or `None` for anything else.
pub fn dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .ok()?
        .into_dimensions()
        .ok()
}
