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

/// How long clamd may take without progress: connecting, taking the next chunk, or the next
/// chunk coming from storage. Progress, not a whole-stream limit: a GiB file streams for
/// minutes.
const CLAMD_IDLE: Duration = Duration::from_secs(30);
/// How long clamd may think after the last byte before its verdict (it scans a large archive
/// only once it has it whole).
const CLAMD_VERDICT: Duration = Duration::from_secs(10 * 60);
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
            Self::Clamd { address } => clamd_scan(address, bytes, CLAMD_IDLE, CLAMD_VERDICT).await,
        }
    }
}

/// `step` within `limit`, or a failure naming what stalled.
async fn within<T>(
    limit: Duration,
    what: &str,
    step: impl Future<Output = std::io::Result<T>>,
) -> Result<T, ScanFailed> {
    match tokio::time::timeout(limit, step).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(ScanFailed(format!("{what}: {e}"))),
        Err(_) => Err(ScanFailed(format!("{what}: no progress for {limit:?}"))),
    }
}

/// One INSTREAM exchange: `zINSTREAM\0`, length-prefixed chunks, a zero length, then a reply
/// such as `stream: OK` or `stream: Eicar-Test-Signature FOUND` ended by NUL. Each step must
/// progress within `idle`; the reply must come within `verdict` of the last byte.
async fn clamd_scan(
    address: &str,
    bytes: impl Stream<Item = std::io::Result<Bytes>>,
    idle: Duration,
    verdict: Duration,
) -> Result<Verdict, ScanFailed> {
    let mut stream = within(idle, "connecting", TcpStream::connect(address)).await?;
    within(idle, "sending", stream.write_all(b"zINSTREAM\0")).await?;
    let mut bytes = std::pin::pin!(bytes);
    loop {
        let read = match tokio::time::timeout(idle, bytes.next()).await {
            Ok(Some(read)) => read.map_err(|e| ScanFailed(format!("reading: {e}")))?,
            Ok(None) => break,
            Err(_) => {
                return Err(ScanFailed(format!("reading: no progress for {idle:?}")));
            }
        };
        for chunk in read.chunks(CHUNK) {
            within(idle, "sending", async {
                stream
                    .write_all(&(chunk.len() as u32).to_be_bytes())
                    .await?;
                stream.write_all(chunk).await
            })
            .await?;
        }
    }
    within(idle, "sending", stream.write_all(&0u32.to_be_bytes())).await?;
    let mut reply = Vec::new();
    within(
        verdict,
        "waiting for the verdict",
        (&mut stream).take(4096).read_to_end(&mut reply),
    )
    .await?;
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

    /// A clamd peer that reads the whole INSTREAM and, unless `silent`, answers OK.
    async fn clamd_peer(silent: bool) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut command = [0u8; 10];
            socket.read_exact(&mut command).await.unwrap();
            loop {
                let mut length = [0u8; 4];
                socket.read_exact(&mut length).await.unwrap();
                let length = u32::from_be_bytes(length) as usize;
                if length == 0 {
                    break;
                }
                let mut chunk = vec![0; length];
                socket.read_exact(&mut chunk).await.unwrap();
            }
            if silent {
                tokio::time::sleep(Duration::from_secs(60)).await;
            } else {
                socket.write_all(b"stream: OK\0").await.unwrap();
            }
        });
        address
    }

    /// `count` chunks, each after `pause`.
    fn slow_source(count: usize, pause: Duration) -> impl Stream<Item = std::io::Result<Bytes>> {
        futures::stream::iter(0..count).then(move |_| async move {
            tokio::time::sleep(pause).await;
            Ok(Bytes::from(vec![b'x'; 1000]))
        })
    }

    #[tokio::test]
    async fn clamd_may_take_long_while_bytes_flow_but_not_stall() {
        let idle = Duration::from_millis(300);
        // 1.2 s in all, never 300 ms without a byte: the verdict comes.
        let flowing = slow_source(12, Duration::from_millis(100));
        assert_eq!(
            clamd_scan(&clamd_peer(false).await, flowing, idle, idle)
                .await
                .unwrap(),
            Verdict::Clean
        );
        // The source stalls: no verdict, and the failure says so.
        let stalled = slow_source(2, Duration::from_millis(600));
        let error = clamd_scan(&clamd_peer(false).await, stalled, idle, idle)
            .await
            .unwrap_err();
        assert!(error.0.contains("no progress"), "{error}");
        // clamd says nothing after the last byte: no verdict after `verdict`.
        let error = clamd_scan(
            &clamd_peer(true).await,
            slow_source(1, Duration::ZERO),
            idle,
            idle,
        )
        .await
        .unwrap_err();
        assert!(error.0.contains("verdict"), "{error}");
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
