//! Typed configuration from environment variables, with the defaults `make run` relies on.

use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;

use crate::accounts::throttle;
use crate::money::payments::zengin::{self, Account, Consignor, DepositType};
use crate::platform::limits::Rate;
use crate::platform::storage::StorageConfig;

/// Which bot check guards the login.
#[derive(Clone, PartialEq, Eq)]
pub enum SiteVerifyConfig {
    /// Built-in proof of work with `difficulty` leading zero bits.
    ProofOfWork { difficulty: u32 },
    /// A reCAPTCHA/Turnstile-style verifier reached over HTTP.
    Http {
        url: String,
        secret: String,
        site_key: String,
    },
    /// No bot check (local experiments only).
    Off,
}

/// The operator of the platform: it orders the work from creators, pays their rewards and
/// withholds their tax, so it is the issuer (発注者) named on every purchase order
/// (`OPERATOR_NAME`, `OPERATOR_ADDRESS`, `OPERATOR_INVOICE_NUMBER`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operator {
    pub name: String,
    pub address: String,
    /// Its invoice registration number (適格請求書発行事業者登録番号); `None` when unset or empty.
    pub invoice_number: Option<String>,
}

impl Default for Operator {
    /// The demo operator (the number carries a valid check digit but is registered to nobody).
    fn default() -> Self {
        Self {
            name: "株式会社つむぎ".into(),
            address: "東京都渋谷区神南一丁目2番3号 つむぎビル5階".into(),
            invoice_number: Some("T8100000000008".into()),
        }
    }
}

impl Operator {
    /// From `OPERATOR_*`, each falling back to the demo operator; an empty
    /// `OPERATOR_INVOICE_NUMBER` means the operator has no registration.
    pub fn from_env() -> Self {
        let demo = Self::default();
        Self {
            name: var("OPERATOR_NAME").unwrap_or(demo.name),
            address: var("OPERATOR_ADDRESS").unwrap_or(demo.address),
            invoice_number: match std::env::var("OPERATOR_INVOICE_NUMBER") {
                Ok(number) if number.trim().is_empty() => None,
                Ok(number) => Some(number.trim().to_owned()),
                Err(_) => demo.invoice_number,
            },
        }
    }
}

/// Bytes each WebSocket's read buffer starts with (`SOCKET_READ_BUFFER`). Clients send small
/// frames (joins, acks, pongs) and the buffer grows for a larger one, while every idle socket
/// holds this much: 256 instead of 1,024 saved 0.85 KB per idle connection.
pub const DEFAULT_SOCKET_READ_BUFFER: usize = 256;

/// Noto Sans CJK as Debian's fonts-noto-cjk installs it.
pub const DEFAULT_PDF_FONT: &str = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

#[derive(Clone)]
pub struct Config {
    pub database_url: String,
    /// Connections the node's pool may open (`DATABASE_POOL_SIZE`; see [`default_pool_size`]).
    pub database_pool_size: u32,
    /// Shared connections of the read pipeline (`DATABASE_READ_CONNECTIONS`, default
    /// [`default_read_connections`]; `platform::read_pipeline`).
    pub database_read_connections: usize,
    pub redis_url: Option<String>,
    /// `redis_url` names a Redis Cluster's nodes (`REDIS_CLUSTER=1`, or several nodes separated
    /// by commas): the fan-out uses sharded pub/sub (`docs/decisions/redis-cluster.md`).
    pub redis_cluster: bool,
    pub redis_prefix: String,
    pub host: IpAddr,
    pub port: u16,
    pub data_dir: PathBuf,
    /// Where stored files live (`STORAGE_URL` and `AWS_*`, else `DATA_DIR/files`).
    pub storage: crate::platform::storage::StorageConfig,
    pub web_dir: PathBuf,
    pub seed_demo: bool,
    pub revision_no: Option<String>,
    pub site_verify: SiteVerifyConfig,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// Proxies in front of the node (`TRUST_PROXY`: `0` or unset none, `1` one, `2` two …): the
    /// client's address is the entry this many from the right of `X-Forwarded-For`
    /// (`realtime::client_address`), and HSTS is sent when `X-Forwarded-Proto` is `https`.
    pub trust_proxy: usize,
    /// `HEADER_READ_TIMEOUT_SECONDS` (10): how long a connection has for a complete request
    /// header from its opening or its previous answer, so also the keep-alive idle timeout.
    pub header_read_timeout: std::time::Duration,
    /// `MAX_CONNECTIONS`: open connections of the node (default: the descriptor limit less
    /// `realtime::RESERVED_DESCRIPTORS`); `0`: no cap.
    pub max_connections: usize,
    /// `MAX_CONNECTIONS_PER_ADDRESS`: open connections per TCP peer (256; no cap by default
    /// behind a trusted proxy, which is then the only peer); `0`: no cap.
    pub max_connections_per_address: usize,
    /// `MAX_SOCKETS_PER_CLIENT` (128): Socket.IO sockets per client address, read through the
    /// trusted proxies; `0`: no cap.
    pub max_sockets_per_client: usize,
    /// `SERVER_TIMING=1`: API answers carry a `Server-Timing` header (`platform::server_timing`),
    /// for diagnosis; off by default.
    pub server_timing: bool,
    /// Origins other than the service's own whose pages may call the API (`ALLOWED_ORIGINS`,
    /// comma-separated, e.g. `https://admin.example.jp`); none by default: same origin only.
    pub allowed_origins: Vec<String>,
    /// How long an API call may take before it answers 503 (`REQUEST_TIMEOUT_SECONDS`, 30).
    pub request_timeout: std::time::Duration,
    /// Failed logins of one account from one network address in the window before 429.
    pub login_limit_per_account: i64,
    pub login_limit_per_ip: i64,
    /// Failed logins of one account from all addresses before addresses it has not logged in
    /// from are slowed down (`LOGIN_SLOWDOWN_AFTER`, 10; `auth::rate_limit`).
    pub login_slowdown_after: i64,
    /// Link mails (sign-up, recovery, address change) one address may be sent per window.
    pub mail_link_limit_per_address: i64,
    /// Link-mail requests one network address may make per window.
    pub mail_link_limit_per_ip: i64,
    /// Chat messages one user may send in one channel (`MESSAGE_LIMIT_BURST`,
    /// `MESSAGE_LIMIT_PER_MINUTE`; 10 at once, then 60 a minute).
    pub message_limit: Rate,
    /// A client's messages to a whole team (`TEAM_MESSAGE_LIMIT_BURST`,
    /// `TEAM_MESSAGE_LIMIT_PER_MINUTE`; 5 at once, then 3 a minute), per sender over all teams.
    pub team_message_limit: Rate,
    pub socket_buffer: usize,
    pub socket_read_buffer: usize,
    /// `SOCKET_BUSY_GAP_MS`: a socket's frames closer together than this share a write.
    pub socket_busy_gap: std::time::Duration,
    /// Base URL of an external CRM answering `GET {url}/orders/{id}/unit_pricing`; when unset the
    /// built-in `crm_unit_prices` table is the source.
    pub crm_unit_pricing_url: Option<String>,
    /// An application id of the NTA's invoice publication Web-API; when unset the built-in
    /// `invoice_registrations` table answers registration lookups.
    pub invoice_registry_app_id: Option<String>,
    /// The Web-API's base URL (default: the NTA's production host).
    pub invoice_registry_url: Option<String>,
    /// A folder of master-data CSVs (`scripts/lib.sh` `ensure_master_data`), imported at start
    /// when its version has not been imported yet.
    pub master_data_dir: Option<PathBuf>,
    /// Where people open the app (`PUBLIC_URL`, e.g. `https://tsumugi.jp`): the base of the links
    /// in mails. Unset, the server's own address.
    pub public_url: Option<String>,
    /// A font with Japanese glyphs for the PDF statements (`PDF_FONT_PATH`; default Debian's
    /// Noto Sans CJK, package fonts-noto-cjk, which `scripts/` install). A collection's first
    /// face is used (Noto Sans CJK JP).
    pub pdf_font_path: PathBuf,
    /// Who issues purchase orders (`OPERATOR_*`).
    pub operator: Operator,
    /// Virus scanning of uploads: clamd at `CLAMD_URL` (`tcp://host:port`), else built in.
    pub scanner: crate::files::scan::Scanner,
    /// `UPLOAD_PART_MEMORY_MIB` (40): the memory, in MiB, that the S3 parts being filled or
    /// stored by resumable uploads may hold on this node together (5 MiB each); a request
    /// finding it spent waits, then answers 503 (`files::uploads::budget`).
    pub upload_part_memory: usize,
    /// The operator's own account the monthly bank transfer file pays from.
    pub transfer_payer: TransferPayer,
    /// Where `/metrics` is served (`METRICS_ADDR`, e.g. `127.0.0.1:9100`); unset: no metrics are
    /// recorded at all. A separate listener, so the metrics are never public by accident.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Over how long a draining node closes its sockets (`DRAIN_WINDOW_SECS`, 10): each
    /// reconnects to another node at its own moment of the window (`docs/operations.md`).
    pub drain_window: std::time::Duration,
    /// Who is online (`chat::presence`): `PRESENCE=0` turns it off (the benchmark's baseline),
    /// `PRESENCE_EXPIRY_MS` (20,000: a dead node's users are offline within 27 s) and
    /// `PRESENCE_AWAY_SECS` (300: idle this long, a connected user is away).
    pub presence: realtime::PresenceConfig,
}

/// The payer of the Zengin transfer file (`TRANSFER_*`): the operator's bank account and the
/// consignor code its bank gave it. The bank and branch kana names are looked up in the master
/// data by code unless set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferPayer {
    pub consignor_code: String,
    pub consignor_name_kana: String,
    pub bank_code: String,
    pub bank_name_kana: Option<String>,
    pub branch_code: String,
    pub branch_name_kana: Option<String>,
    pub deposit_type: DepositType,
    pub account_number: String,
}

impl Default for TransferPayer {
    /// The demo payer: 株式会社つむぎ's ordinary account at みずほ 東京営業部.
    fn default() -> Self {
        Self {
            consignor_code: "1234567890".into(),
            consignor_name_kana: "カ）ツムギ".into(),
            bank_code: "0001".into(),
            bank_name_kana: None,
            branch_code: "001".into(),
            branch_name_kana: None,
            deposit_type: DepositType::Ordinary,
            account_number: "1234567".into(),
        }
    }
}

impl TransferPayer {
    fn from_env() -> anyhow::Result<Self> {
        let demo = Self::default();
        let deposit_type = match var("TRANSFER_DEPOSIT_TYPE").as_deref() {
            None | Some("ordinary") => DepositType::Ordinary,
            Some("current") => DepositType::Current,
            Some(other) => {
                anyhow::bail!("TRANSFER_DEPOSIT_TYPE must be ordinary or current, not {other}")
            }
        };
        let payer = Self {
            consignor_code: var("TRANSFER_CONSIGNOR_CODE").unwrap_or(demo.consignor_code),
            consignor_name_kana: var("TRANSFER_CONSIGNOR_NAME_KANA")
                .unwrap_or(demo.consignor_name_kana),
            bank_code: var("TRANSFER_BANK_CODE").unwrap_or(demo.bank_code),
            bank_name_kana: var("TRANSFER_BANK_NAME_KANA"),
            branch_code: var("TRANSFER_BRANCH_CODE").unwrap_or(demo.branch_code),
            branch_name_kana: var("TRANSFER_BRANCH_NAME_KANA"),
            deposit_type,
            account_number: var("TRANSFER_ACCOUNT_NUMBER").unwrap_or(demo.account_number),
        };
        zengin::check_consignor(&payer.consignor(String::new(), String::new()))
            .map_err(|e| anyhow::anyhow!("TRANSFER_* settings: {e}"))?;
        Ok(payer)
    }

    /// The consignor of the file, with the master data's kana names where none are set.
    pub fn consignor(&self, master_bank_kana: String, master_branch_kana: String) -> Consignor {
        Consignor {
            code: self.consignor_code.clone(),
            name_kana: self.consignor_name_kana.clone(),
            account: Account {
                bank_code: self.bank_code.clone(),
                bank_name_kana: self.bank_name_kana.clone().unwrap_or(master_bank_kana),
                branch_code: self.branch_code.clone(),
                branch_name_kana: self.branch_name_kana.clone().unwrap_or(master_branch_kana),
                deposit_type: self.deposit_type,
                number: self.account_number.clone(),
            },
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("database_url", &redact_url(&self.database_url))
            .field("redis_url", &self.redis_url.as_deref().map(redact_url))
            .field("host", &self.host)
            .field("port", &self.port)
            .field("data_dir", &self.data_dir)
            .field("storage", &self.storage)
            .field("web_dir", &self.web_dir)
            .field("seed_demo", &self.seed_demo)
            .field("smtp", &self.smtp_url.is_some())
            .field("metrics_addr", &self.metrics_addr)
            .field("drain_window", &self.drain_window)
            .finish_non_exhaustive()
    }
}

fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://***{}", &url[..scheme], &url[at..])
        }
        _ => url.to_string(),
    }
}

/// `DATA_DIR` (`data` by default).
pub fn data_dir_from_env() -> PathBuf {
    var("DATA_DIR").unwrap_or_else(|| "data".into()).into()
}

/// `STORAGE_URL` and the `AWS_*` variables, or the local folder under `data_dir`.
pub fn storage_from_env(data_dir: &std::path::Path) -> anyhow::Result<StorageConfig> {
    StorageConfig::from_env(
        var("STORAGE_URL").as_deref(),
        local_files_dir(data_dir),
        var,
    )
}

/// Files on local disk: `DATA_DIR/files`.
pub fn local_files_dir(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("files")
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// Read-pipeline connections per node: one per core, so each core can run a backend that
/// always finds a statement waiting. On two cores, one or two connections answered the teams
/// page 7–37 % faster than the pool, three or four 1–20 %; larger machines are not measured,
/// hence the cap (`docs/decisions/database-pool-size.md`).
pub fn default_read_connections() -> usize {
    std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(1, 8)
}

/// Four connections per core, at least eight: enough to keep PostgreSQL's backends and the
/// commits' fsyncs busy, few enough that each backend stays warm. The pool hands its idle
/// connections out in turn, so with twenty on two cores every backend slept between its
/// queries and PostgreSQL spent 185 µs of CPU on the teams page's statement where eight
/// busier backends spend 143 µs (pgbench at the same 6,000/s;
/// `docs/decisions/database-pool-size.md`).
pub fn default_pool_size() -> u32 {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u32;
    (cores * 4).clamp(8, 32)
}

fn parsed<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match var(name) {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| anyhow::anyhow!("{name} has an invalid value: {v}")),
    }
}

/// `TRUST_PROXY`: how many proxies in front of the node are trusted; `true` (as it was once
/// written) is one.
/// `REDIS_CLUSTER` (`1`/`true`, `0`/`false`); unset, a `REDIS_URL` listing several nodes
/// (commas) names a cluster.
fn redis_cluster(value: Option<&str>, url: Option<&str>) -> anyhow::Result<bool> {
    match value {
        Some("1" | "true") => Ok(true),
        Some("0" | "false") if url.is_some_and(|url| url.contains(',')) => {
            anyhow::bail!("REDIS_URL lists several nodes but REDIS_CLUSTER is off")
        }
        Some("0" | "false") => Ok(false),
        Some(other) => anyhow::bail!("REDIS_CLUSTER must be 1 or 0, not {other}"),
        None => Ok(url.is_some_and(|url| url.contains(','))),
    }
}

fn trusted_proxy_hops(value: Option<&str>) -> anyhow::Result<usize> {
    match value.map(str::trim) {
        None | Some("false") => Ok(0),
        Some("true") => Ok(1),
        Some(hops) => hops.parse().map_err(|_| {
            anyhow::anyhow!("TRUST_PROXY must be the number of trusted proxies, not {hops}")
        }),
    }
}

fn header_read_timeout() -> anyhow::Result<std::time::Duration> {
    let default = realtime::DEFAULT_HEADER_READ_TIMEOUT.as_secs();
    match parsed("HEADER_READ_TIMEOUT_SECONDS", default)? {
        0 => anyhow::bail!("HEADER_READ_TIMEOUT_SECONDS must be at least 1"),
        seconds => Ok(std::time::Duration::from_secs(seconds)),
    }
}

const MESSAGE_LIMIT: Rate = Rate {
    burst: 10,
    per_minute: 60,
};
const TEAM_MESSAGE_LIMIT: Rate = Rate {
    burst: 5,
    per_minute: 3,
};

/// `{prefix}_BURST` and `{prefix}_PER_MINUTE`.
/// A bucket refills: at least one a minute (`system::housekeeping` forgets buckets idle for a day,
/// which is only the same as a full bucket when they refill).
fn rate(prefix: &str, default: Rate) -> anyhow::Result<Rate> {
    let per_minute = parsed(&format!("{prefix}_PER_MINUTE"), default.per_minute)?;
    anyhow::ensure!(per_minute >= 1, "{prefix}_PER_MINUTE must be at least 1");
    Ok(Rate {
        burst: parsed(&format!("{prefix}_BURST"), default.burst)?,
        per_minute,
    })
}

fn busy_gap() -> anyhow::Result<std::time::Duration> {
    let default = realtime::DEFAULT_BUSY_GAP.as_millis() as u64;
    Ok(std::time::Duration::from_millis(parsed(
        "SOCKET_BUSY_GAP_MS",
        default,
    )?))
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let database_url =
            var("DATABASE_URL").ok_or_else(|| anyhow::anyhow!("DATABASE_URL is required"))?;
        let site_verify = match var("SITE_VERIFY").as_deref().unwrap_or("pow") {
            "pow" => SiteVerifyConfig::ProofOfWork {
                difficulty: parsed("SITE_VERIFY_DIFFICULTY", 12)?,
            },
            "http" => SiteVerifyConfig::Http {
                url: var("SITE_VERIFY_URL")
                    .ok_or_else(|| anyhow::anyhow!("SITE_VERIFY_URL is required"))?,
                secret: var("SITE_VERIFY_SECRET").unwrap_or_default(),
                site_key: var("SITE_VERIFY_SITE_KEY").unwrap_or_default(),
            },
            "off" => SiteVerifyConfig::Off,
            other => anyhow::bail!("SITE_VERIFY must be pow, http or off, not {other}"),
        };
        let trust_proxy = trusted_proxy_hops(var("TRUST_PROXY").as_deref())?;
        let data_dir = data_dir_from_env();
        Ok(Self {
            database_url,
            database_pool_size: parsed("DATABASE_POOL_SIZE", default_pool_size())?,
            database_read_connections: parsed(
                "DATABASE_READ_CONNECTIONS",
                default_read_connections(),
            )?,
            redis_url: var("REDIS_URL"),
            redis_cluster: redis_cluster(
                var("REDIS_CLUSTER").as_deref(),
                var("REDIS_URL").as_deref(),
            )?,
            redis_prefix: var("REDIS_PREFIX").unwrap_or_else(|| "tsumugi".into()),
            host: parsed("HOST", IpAddr::from([127, 0, 0, 1]))?,
            port: parsed("PORT", 8080)?,
            storage: storage_from_env(&data_dir)?,
            data_dir,
            web_dir: var("WEB_DIR").unwrap_or_else(|| "web/dist".into()).into(),
            seed_demo: matches!(var("SEED_DEMO").as_deref(), Some("1" | "true")),
            revision_no: var("REVISION_NO"),
            site_verify,
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM").unwrap_or_else(|| "Tsumugi <no-reply@tsumugi.jp>".into()),
            trust_proxy,
            header_read_timeout: header_read_timeout()?,
            max_connections: parsed("MAX_CONNECTIONS", realtime::default_max_connections())?,
            max_connections_per_address: parsed(
                "MAX_CONNECTIONS_PER_ADDRESS",
                if trust_proxy > 0 {
                    0
                } else {
                    realtime::DEFAULT_MAX_CONNECTIONS_PER_ADDRESS
                },
            )?,
            max_sockets_per_client: parsed(
                "MAX_SOCKETS_PER_CLIENT",
                realtime::DEFAULT_MAX_SOCKETS_PER_CLIENT,
            )?,
            server_timing: matches!(var("SERVER_TIMING").as_deref(), Some("1" | "true")),
            allowed_origins: allowed_origins(var("ALLOWED_ORIGINS").as_deref())?,
            request_timeout: std::time::Duration::from_secs(parsed("REQUEST_TIMEOUT_SECONDS", 30)?),
            login_limit_per_account: parsed("LOGIN_LIMIT_PER_ACCOUNT", 5)?,
            login_limit_per_ip: parsed("LOGIN_LIMIT_PER_IP", 50)?,
            login_slowdown_after: parsed("LOGIN_SLOWDOWN_AFTER", 10)?,
            mail_link_limit_per_address: parsed(
                "MAIL_LINK_LIMIT_PER_ADDRESS",
                throttle::PER_ADDRESS,
            )?,
            mail_link_limit_per_ip: parsed("MAIL_LINK_LIMIT_PER_IP", throttle::PER_IP)?,
            message_limit: rate("MESSAGE_LIMIT", MESSAGE_LIMIT)?,
            team_message_limit: rate("TEAM_MESSAGE_LIMIT", TEAM_MESSAGE_LIMIT)?,
            socket_buffer: parsed("SOCKET_BUFFER", 256)?,
            socket_read_buffer: parsed("SOCKET_READ_BUFFER", DEFAULT_SOCKET_READ_BUFFER)?,
            socket_busy_gap: busy_gap()?,
            crm_unit_pricing_url: var("CRM_UNIT_PRICING_URL"),
            invoice_registry_app_id: var("INVOICE_REGISTRY_APP_ID"),
            invoice_registry_url: var("INVOICE_REGISTRY_URL"),
            master_data_dir: var("MASTER_DATA_DIR").map(PathBuf::from),
            pdf_font_path: var("PDF_FONT_PATH")
                .unwrap_or_else(|| DEFAULT_PDF_FONT.into())
                .into(),
            public_url: var("PUBLIC_URL"),
            operator: Operator::from_env(),
            scanner: crate::files::scan::Scanner::from_url(var("CLAMD_URL").as_deref())?,
            upload_part_memory: parsed(
                "UPLOAD_PART_MEMORY_MIB",
                crate::files::uploads::budget::DEFAULT_BYTES >> 20,
            )?
            .saturating_mul(1 << 20),
            transfer_payer: TransferPayer::from_env()?,
            metrics_addr: match var("METRICS_ADDR") {
                Some(address) => Some(address.parse().map_err(|_| {
                    anyhow::anyhow!("METRICS_ADDR must be an address and port, not {address}")
                })?),
                None => None,
            },
            drain_window: std::time::Duration::from_secs(parsed("DRAIN_WINDOW_SECS", 10)?),
            presence: presence_from_env()?,
        })
    }

    /// Settings of the benchmark hub (`HUB_ONLY=1`): no database, port 8090 and Redis prefix
    /// `bench` unless the environment says otherwise; the socket settings are read as in
    /// [`Config::from_env`].
    pub fn hub_only_from_env() -> anyhow::Result<Self> {
        let mut config = Self::for_tests(String::new(), "data".into());
        config.host = parsed("HOST", config.host)?;
        config.port = parsed("PORT", 8090)?;
        config.redis_url = var("REDIS_URL");
        config.redis_cluster =
            redis_cluster(var("REDIS_CLUSTER").as_deref(), config.redis_url.as_deref())?;
        config.redis_prefix = var("REDIS_PREFIX").unwrap_or_else(|| "bench".into());
        config.socket_buffer = parsed("SOCKET_BUFFER", config.socket_buffer)?;
        config.socket_read_buffer = parsed("SOCKET_READ_BUFFER", config.socket_read_buffer)?;
        config.socket_busy_gap = busy_gap()?;
        config.header_read_timeout = header_read_timeout()?;
        config.presence = presence_from_env()?;
        Ok(config)
    }

    /// The realtime hub's part of these settings; `bench` lets sockets in without a session.
    pub fn hub_config(&self, bench: bool) -> realtime::HubConfig {
        realtime::HubConfig {
            redis_url: self.redis_url.clone(),
            redis_cluster: self.redis_cluster,
            redis_prefix: self.redis_prefix.clone(),
            socket_buffer: self.socket_buffer,
            read_buffer: self.socket_read_buffer,
            busy_gap: self.socket_busy_gap,
            bench,
            trusted_proxy_hops: self.trust_proxy,
            max_sockets_per_client: self.max_sockets_per_client,
            presence: self.presence,
        }
    }

    /// The HTTP server's part of these settings: timeouts and connection caps.
    pub fn server_config(&self) -> realtime::ServerConfig {
        realtime::ServerConfig {
            header_read_timeout: self.header_read_timeout,
            max_connections: self.max_connections,
            max_connections_per_address: self.max_connections_per_address,
        }
    }

    /// Settings for tests: everything local, a cheap bot check, files under `data_dir`.
    pub fn for_tests(database_url: String, data_dir: PathBuf) -> Self {
        Self {
            database_url,
            database_pool_size: default_pool_size(),
            database_read_connections: default_read_connections(),
            redis_url: None,
            redis_cluster: false,
            redis_prefix: "tsumugi-test".into(),
            host: IpAddr::from([127, 0, 0, 1]),
            port: 0,
            web_dir: data_dir.join("web"),
            storage: StorageConfig::Local(local_files_dir(&data_dir)),
            data_dir,
            seed_demo: true,
            revision_no: Some("test-revision".into()),
            site_verify: SiteVerifyConfig::ProofOfWork { difficulty: 4 },
            smtp_url: None,
            mail_from: "Tsumugi <no-reply@tsumugi.jp>".into(),
            trust_proxy: 0,
            header_read_timeout: realtime::DEFAULT_HEADER_READ_TIMEOUT,
            // No caps: tests connect hundreds of sockets from one address; the caps' own tests
            // set them.
            max_connections: 0,
            max_connections_per_address: 0,
            max_sockets_per_client: 0,
            server_timing: false,
            allowed_origins: Vec::new(),
            request_timeout: std::time::Duration::from_secs(30),
            login_limit_per_account: 5,
            login_limit_per_ip: 50,
            login_slowdown_after: 10,
            mail_link_limit_per_address: throttle::PER_ADDRESS,
            mail_link_limit_per_ip: throttle::PER_IP,
            message_limit: MESSAGE_LIMIT,
            team_message_limit: TEAM_MESSAGE_LIMIT,
            socket_buffer: 256,
            socket_read_buffer: DEFAULT_SOCKET_READ_BUFFER,
            socket_busy_gap: realtime::DEFAULT_BUSY_GAP,
            crm_unit_pricing_url: None,
            invoice_registry_app_id: None,
            invoice_registry_url: None,
            master_data_dir: None,
            pdf_font_path: DEFAULT_PDF_FONT.into(),
            public_url: None,
            operator: Operator::default(),
            scanner: crate::files::scan::Scanner::Signature,
            upload_part_memory: crate::files::uploads::budget::DEFAULT_BYTES,
            transfer_payer: TransferPayer::default(),
            metrics_addr: None,
            drain_window: std::time::Duration::ZERO,
            presence: realtime::PresenceConfig::default(),
        }
    }

    pub fn mail_dir(&self) -> PathBuf {
        self.data_dir.join("mail")
    }

    /// The base of links in mails, without a trailing slash.
    pub fn public_base_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{}:{}", self.host, self.port),
        }
    }
}

/// `PRESENCE`, `PRESENCE_EXPIRY_MS` and `PRESENCE_AWAY_SECS` (see [`Config::presence`]).
fn presence_from_env() -> anyhow::Result<realtime::PresenceConfig> {
    let defaults = realtime::PresenceConfig::default();
    let expiry: u64 = parsed("PRESENCE_EXPIRY_MS", defaults.expiry.as_millis() as u64)?;
    let away: u64 = parsed("PRESENCE_AWAY_SECS", defaults.away_after.as_secs())?;
    if expiry < 100 || away == 0 {
        anyhow::bail!("PRESENCE_EXPIRY_MS must be at least 100 and PRESENCE_AWAY_SECS above 0");
    }
    Ok(realtime::PresenceConfig {
        enabled: !matches!(var("PRESENCE").as_deref(), Some("0" | "false" | "off")),
        expiry: std::time::Duration::from_millis(expiry),
        away_after: std::time::Duration::from_secs(away),
    })
}

#[cfg(test)]
mod tests {
    use super::{redact_url, redis_cluster, trusted_proxy_hops};

    #[test]
    fn several_redis_nodes_or_redis_cluster_select_the_cluster() {
        let one = Some("redis://127.0.0.1:6379/?protocol=resp3");
        let several = Some("redis://127.0.0.1:7000,127.0.0.1:7001");
        assert!(!redis_cluster(None, one).unwrap());
        assert!(!redis_cluster(None, None).unwrap());
        assert!(redis_cluster(None, several).unwrap());
        assert!(redis_cluster(Some("1"), one).unwrap());
        assert!(!redis_cluster(Some("0"), one).unwrap());
        assert!(redis_cluster(Some("0"), several).is_err());
        assert!(redis_cluster(Some("yes"), one).is_err());
    }

    #[test]
    fn trust_proxy_counts_the_trusted_hops() {
        assert_eq!(trusted_proxy_hops(None).unwrap(), 0);
        assert_eq!(trusted_proxy_hops(Some("0")).unwrap(), 0);
        assert_eq!(trusted_proxy_hops(Some("1")).unwrap(), 1);
        assert_eq!(trusted_proxy_hops(Some("true")).unwrap(), 1);
        assert_eq!(trusted_proxy_hops(Some("2")).unwrap(), 2);
        assert!(trusted_proxy_hops(Some("yes")).is_err());
        assert!(trusted_proxy_hops(Some("-1")).is_err());
    }

    #[test]
    fn urls_lose_their_credentials_in_debug_output() {
        assert_eq!(
            redact_url("postgres://u:secret@db:5432/x"),
            "postgres://***@db:5432/x"
        );
        assert_eq!(
            redact_url("redis://127.0.0.1:6379"),
            "redis://127.0.0.1:6379"
        );
    }
}

/// `ALLOWED_ORIGINS` read strictly: each entry a bare origin (`https://host[:port]`, no path), so
/// a typo fails the start instead of silently allowing nothing or too much.
fn allowed_origins(value: Option<&str>) -> anyhow::Result<Vec<String>> {
    let mut origins = Vec::new();
    for entry in value
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let rest = entry
            .strip_prefix("https://")
            .or_else(|| entry.strip_prefix("http://"))
            .ok_or_else(|| anyhow::anyhow!("ALLOWED_ORIGINS: {entry} is not an http(s) origin"))?;
        if rest.is_empty() || rest.contains('/') || rest.contains('*') {
            anyhow::bail!("ALLOWED_ORIGINS: {entry} must be scheme://host[:port]");
        }
        origins.push(entry.to_owned());
    }
    Ok(origins)
}

#[cfg(test)]
mod origin_tests {
    use super::allowed_origins;

    #[test]
    fn origins_are_bare_http_origins() {
        assert_eq!(
            allowed_origins(Some(" https://admin.example.jp, http://localhost:5173 ")).unwrap(),
            vec!["https://admin.example.jp", "http://localhost:5173"]
        );
        assert!(allowed_origins(None).unwrap().is_empty());
        for bad in [
            "admin.example.jp",
            "https://example.jp/path",
            "https://*.example.jp",
            "https://",
        ] {
            assert!(allowed_origins(Some(bad)).is_err(), "{bad}");
        }
    }
}
