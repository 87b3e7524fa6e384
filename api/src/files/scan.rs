//! Virus scanning of every upload before it is stored. With `CLAMD_URL` (`tcp://host:port`)
//! the bytes go to clamd over its INSTREAM protocol; without it the built-in scanner
//! recognises the EICAR test signature. A configured clamd that cannot answer fails closed:
//! the upload is refused (503), never stored unscanned.

use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

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

    pub async fn scan(&self, bytes: &[u8]) -> Result<Verdict, ScanFailed> {
        self.scan_reader(bytes).await
    }

    /// Scans a stream of bytes (a stored file) without holding it whole in memory.
    pub async fn scan_reader(&self, bytes: impl AsyncRead + Unpin) -> Result<Verdict, ScanFailed> {
        match self {
            Self::Signature => SignatureScanner
                .scan_reader(bytes)
                .await
                .map_err(|e| ScanFailed(e.to_string())),
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
    mut bytes: impl AsyncRead + Unpin,
) -> Result<Verdict, ScanFailed> {
    let failed = |e: std::io::Error| ScanFailed(e.to_string());
    let mut stream = TcpStream::connect(address).await.map_err(failed)?;
    stream.write_all(b"zINSTREAM\0").await.map_err(failed)?;
    let mut chunk = vec![0; CHUNK];
    loop {
        let read = bytes.read(&mut chunk).await.map_err(failed)?;
        if read == 0 {
            break;
        }
        stream
            .write_all(&(read as u32).to_be_bytes())
            .await
            .map_err(failed)?;
        stream.write_all(&chunk[..read]).await.map_err(failed)?;
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

/// The built-in scanner: the EICAR test signature anywhere in the bytes.
pub struct SignatureScanner;

impl SignatureScanner {
    pub fn scan(&self, bytes: &[u8]) -> Verdict {
        if memchr::memmem::find(bytes, EICAR.as_bytes()).is_some() {
            Verdict::Infected
        } else {
            Verdict::Clean
        }
    }

    /// The same check over a stream: each chunk is searched together with the end of the one
    /// before, so a signature across two chunks is found.
    pub async fn scan_reader(&self, mut bytes: impl AsyncRead + Unpin) -> std::io::Result<Verdict> {
        let keep = EICAR.len() - 1;
        let mut window = vec![0; keep + CHUNK];
        let mut carried = 0;
        loop {
            let read = bytes.read(&mut window[carried..]).await?;
            if read == 0 {
                return Ok(Verdict::Clean);
            }
            let filled = carried + read;
            if self.scan(&window[..filled]) == Verdict::Infected {
                return Ok(Verdict::Infected);
            }
            carried = filled.min(keep);
            window.copy_within(filled - carried..filled, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eicar_signature_is_infected_anything_else_clean() {
        let mut infected = b"header ".to_vec();
        infected.extend_from_slice(EICAR.as_bytes());
        assert_eq!(SignatureScanner.scan(&infected), Verdict::Infected);
        assert_eq!(SignatureScanner.scan("原稿です".as_bytes()), Verdict::Clean);
    }

    #[tokio::test]
    async fn a_signature_across_two_chunks_is_found_in_a_stream() {
        let mut infected = vec![b'a'; CHUNK - 10];
        infected.extend_from_slice(EICAR.as_bytes());
        infected.extend_from_slice(&[b'b'; 100]);
        let verdict = SignatureScanner.scan_reader(&infected[..]).await.unwrap();
        assert_eq!(verdict, Verdict::Infected);
        let clean = vec![b'a'; 3 * CHUNK];
        let verdict = SignatureScanner.scan_reader(&clean[..]).await.unwrap();
        assert_eq!(verdict, Verdict::Clean);
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
