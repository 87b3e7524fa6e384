//! Stamps the binary with its build time, the fallback release revision.

fn main() {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    println!("cargo:rustc-env=TSUMUGI_BUILD_TIME={now}");
    println!("cargo:rerun-if-changed=src");
}
