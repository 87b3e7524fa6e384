//! Virus scanning of every upload, streamed from storage once stored. With `CLAMD_URL`
//! (`tcp://host:port`) the bytes go to clamd over its INSTREAM protocol; without it the
//! built-in scanner recognises the EICAR test signature. A configured clamd that cannot answer
//! fails closed: the upload is refused (503) and its bytes removed, never kept unscanned.

use std::time::Duration;

use bytes::Bytes;
use futures::{Stream, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::platform::storage::Storage;

/// The standard anti-virus test string (split so this source file is not flagged itself).
const EICAR: &str = concat!(
    "X5O!P%@AP[4\\PZX54(P^)7CC)7}$",
    "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"
);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Clean,
    Infected,
}

crate::closed_set!(
    /// A stored file's scan status; only `clean` files are served.
    ScanStatus {
        Scanning = "scanning",
        Clean = "clean",
        Infected = "infected",
    }
);

impl Verdict {
    pub fn as_status(self) -> ScanStatus {
        match self {
            Verdict::Clean => ScanStatus::Clean,
            Verdict::Infected => ScanStatus::Infected,
        }
    }
}

/// The scanner the configuration names.
#[derive(Debug, Clone)]
pub enum Scanner {
    /// The built-in EICAR signature check.
    Signature,
    /// clamd at `host:port`.
    Clamd { address: String },
}

/// clamd could not give a verdict (unreachable, timed out, or answered an error).
#[derive(Debug, thiserror::Error)]
#[error("clamd: {0}")]
pub struct ScanFailed(String);

/// How long clamd may take for one file.
const CLAMD_TIMEOUT: Duration = Duration::from_secs(30);
/// INSTREAM chunk size.
const CHUNK: usize = 64 * 1024;

impl Scanner {
    /// `CLAMD_URL` (`tcp://host:port`) or the built-in scanner.
    pub fn from_url(url: Option<&str>) -> anyhow::Result<Self> {
        match url {
            None => Ok(Self::Signature),
            Some(url) => {
                let address = url
                    .strip_prefix("tcp://")
                    .filter(|a| {
                        a.rsplit_once(':')
                            .is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok())
                    })
                    .ok_or_else(|| {
                        anyhow::anyhow!("CLAMD_URL must be tcp://host:port, not {url}")
                    })?;
                Ok(Self::Clamd {
                    address: address.to_string(),
                })
            }
        }
    }

    /// The verdict on the object stored under `key`, streamed from storage to the scanner.
    pub async fn scan_stored(&self, storage: &Storage, key: &str) -> Result<Verdict, ScanFailed> {
        let object = storage
            .get(key)
            .await
            .map_err(|e| ScanFailed(format!("reading {key}: {e:#}")))?
            .ok_or_else(|| ScanFailed(format!("nothing stored under {key}")))?;
        let verdict = self.scan(object.bytes).await;
        crate::platform::metrics::scanned(match &verdict {
            Ok(Verdict::Clean) => "clean",
            Ok(Verdict::Infected) => "infected",
            Err(_) => "failed",
        });
        verdict
    }

    /// The verdict on `bytes` as they arrive.
    pub async fn scan(
        &self,
        bytes: impl Stream<Item = std::io::Result<Bytes>>,
    ) -> Result<Verdict, ScanFailed> {
        match self {
            Self::Signature => {
                let mut search = SignatureScanner::default();
                let mut bytes = std::pin::pin!(bytes);
                while let Some(chunk) = bytes.next().await {
                    search.feed(&chunk.map_err(|e| ScanFailed(e.to_string()))?);
                }
                Ok(search.verdict())
            }
            Self::Clamd { address } => {
                tokio::time::timeout(CLAMD_TIMEOUT, clamd_scan(address, bytes))
                    .await
                    .map_err(|_| ScanFailed("timed out".into()))?
            }
        }
    }
}

/// One INSTREAM exchange: `zINSTREAM\0`, length-prefixed chunks, a zero length, then a reply
/// such as `stream: OK` or `stream: Eicar-Test-Signature FOUND` ended by NUL.
async fn clamd_scan(
    address: &str,
    bytes: impl Stream<Item = std::io::Result<Bytes>>,
) -> Result<Verdict, ScanFailed> {
    let failed = |e: std::io::Error| ScanFailed(e.to_string());
    let mut stream = TcpStream::connect(address).await.map_err(failed)?;
    stream.write_all(b"zINSTREAM\0").await.map_err(failed)?;
    let mut bytes = std::pin::pin!(bytes);
    while let Some(read) = bytes.next().await {
        for chunk in read.map_err(failed)?.chunks(CHUNK) {
            stream
                .write_all(&(chunk.len() as u32).to_be_bytes())
                .await
                .map_err(failed)?;
            stream.write_all(chunk).await.map_err(failed)?;
        }
    }
    stream
        .write_all(&0u32.to_be_bytes())
        .await
        .map_err(failed)?;
    let mut reply = Vec::new();
    stream
        .take(4096)
        .read_to_end(&mut reply)
        .await
        .map_err(failed)?;
    verdict_of(&String::from_utf8_lossy(&reply))
}

/// clamd's reply read: `OK` clean, `… FOUND` infected, anything else (`… ERROR`) no verdict.
fn verdict_of(reply: &str) -> Result<Verdict, ScanFailed> {
    let reply = reply.trim_end_matches(['\0', '\n']).trim();
    if reply.ends_with(" OK") {
        Ok(Verdict::Clean)
    } else if reply.ends_with(" FOUND") {
        Ok(Verdict::Infected)
    } else {
        Err(ScanFailed(reply.to_string()))
    }
}

/// The built-in scanner: the EICAR test signature anywhere in the bytes, read in pieces (the
/// signature may straddle two of them).
#[derive(Debug, Default)]
pub struct SignatureScanner {
    /// The last bytes seen, one short of the signature's length.
    tail: Vec<u8>,
    found: bool,
}

impl SignatureScanner {
    pub fn feed(&mut self, chunk: &[u8]) {
        if self.found {
            return;
        }
        let signature = EICAR.as_bytes();
        let mut window = std::mem::take(&mut self.tail);
        window.extend_from_slice(chunk);
        self.found = window.windows(signature.len()).any(|w| w == signature);
        let keep = window.len().min(signature.len() - 1);
        self.tail = window.split_off(window.len() - keep);
    }

    pub fn verdict(&self) -> Verdict {
        if self.found {
            Verdict::Infected
        } else {
            Verdict::Clean
        }
    }

    /// The verdict on `bytes` held whole.
    pub fn scan(bytes: &[u8]) -> Verdict {
        let mut search = Self::default();
        search.feed(bytes);
        search.verdict()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eicar_signature_is_infected_anything_else_clean() {
        let mut infected = b"header ".to_vec();
        infected.extend_from_slice(EICAR.as_bytes());
        assert_eq!(SignatureScanner::scan(&infected), Verdict::Infected);
        assert_eq!(
            SignatureScanner::scan("原稿です".as_bytes()),
            Verdict::Clean
        );
    }

    #[tokio::test]
    async fn the_signature_is_found_across_the_pieces_of_a_stream() {
        let mut bytes = vec![b'x'; 100_000];
        bytes.extend_from_slice(EICAR.as_bytes());
        bytes.extend_from_slice(b"trailer");
        for piece in [1, 7, 50, 68, 4096] {
            let chunks: Vec<std::io::Result<Bytes>> = bytes
                .chunks(piece)
                .map(|c| Ok(Bytes::copy_from_slice(c)))
                .collect();
            let verdict = Scanner::Signature
                .scan(futures::stream::iter(chunks))
                .await
                .unwrap();
            assert_eq!(verdict, Verdict::Infected, "pieces of {piece}");
        }
        let clean = futures::stream::iter([Ok(Bytes::from_static(&EICAR.as_bytes()[..60]))]);
        assert_eq!(
            Scanner::Signature.scan(clean).await.unwrap(),
            Verdict::Clean
        );
    }

    #[test]
    fn clamd_replies_read_as_verdicts_or_failures() {
        assert_eq!(verdict_of("stream: OK\0").unwrap(), Verdict::Clean);
        assert_eq!(
            verdict_of("stream: Eicar-Test-Signature FOUND\0").unwrap(),
            Verdict::Infected
        );
        assert!(verdict_of("INSTREAM size limit exceeded. ERROR\0").is_err());
        assert!(verdict_of("").is_err());
    }

    #[test]
    fn clamd_urls_name_a_tcp_address() {
        assert!(matches!(
            Scanner::from_url(None).unwrap(),
            Scanner::Signature
        ));
        assert!(matches!(
            Scanner::from_url(Some("tcp://127.0.0.1:3310")).unwrap(),
            Scanner::Clamd { address } if address == "127.0.0.1:3310"
        ));
        assert!(Scanner::from_url(Some("127.0.0.1:3310")).is_err());
        assert!(Scanner::from_url(Some("tcp://clamd")).is_err());
    }
}
