//! `loadtest fanout|idle|storm|product|reconnect|presence|manuscripts --server HOST:PORT ...`,
//! `loadtest http --url URL --rate N`, `loadtest loopback --rate N` or `loadtest manuscript-seed
//! --database-url URL --task-id N --user-id N`: runs one scenario and prints a JSON report.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

use loadtest::scenario::{FanoutConfig, fanout, idle, storm};

/// The server's allocator: glibc's malloc and free were about 5 % of the generator's samples
/// in the product scenario (`docs/decisions/mimalloc-allocator.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn args() -> (String, HashMap<String, String>) {
    let mut raw = std::env::args().skip(1);
    let command = raw.next().unwrap_or_default();
    let mut options = HashMap::new();
    while let Some(key) = raw.next() {
        if let Some(name) = key.strip_prefix("--") {
            options.insert(name.to_string(), raw.next().unwrap_or_default());
        }
    }
    (command, options)
}

fn get<T: std::str::FromStr>(options: &HashMap<String, String>, key: &str, default: T) -> T {
    options
        .get(key)
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn sources(options: &HashMap<String, String>) -> Vec<IpAddr> {
    options
        .get("sources")
        .map(|v| v.split(',').filter_map(|s| s.trim().parse().ok()).collect())
        .unwrap_or_default()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let (command, options) = args();
    if command == "http" {
        let report = loadtest::http::http(loadtest::http::HttpConfig {
            url: options.get("url").cloned().unwrap_or_default(),
            token: options.get("token").cloned().unwrap_or_default(),
            rate: get(&options, "rate", 200.0),
            duration: Duration::from_secs_f64(get(&options, "seconds", 10.0)),
            warmup: Duration::from_secs_f64(get(&options, "warmup", 2.0)),
        })
        .await?;
        println!("{}", serde_json::to_value(report)?);
        return Ok(());
    }
    if command == "loopback" {
        let report = loadtest::loopback::loopback(loadtest::loopback::LoopbackConfig {
            channels: get(&options, "channels", 10),
            members: get(&options, "members", 100),
            rate: get(&options, "rate", 1000.0),
            duration: Duration::from_secs_f64(get(&options, "seconds", 10.0)),
            frame_bytes: get(&options, "frame-bytes", 400),
        })?;
        println!("{}", serde_json::to_value(report)?);
        return Ok(());
    }
    if command == "manuscript-seed" {
        let database_url = options.get("database-url").cloned().unwrap_or_default();
        let seeded = loadtest::manuscripts::seed(loadtest::manuscripts::SeedConfig {
            database_url: database_url.clone(),
            task_id: get(&options, "task-id", 0),
            user_id: get(&options, "user-id", 0),
            chars: get(&options, "chars", 50_000),
            updates: get(&options, "updates", 2_000),
            paragraph: get(&options, "paragraph", 100),
        })
        .await?;
        println!("{}", serde_json::to_value(seeded)?);
        return Ok(());
    }
    if command == "manuscript-compact" {
        let database_url = options.get("database-url").cloned().unwrap_or_default();
        let folded =
            loadtest::manuscripts::compact(&database_url, get(&options, "manuscript-id", 0))
                .await?;
        println!("{}", serde_json::json!({ "folded": folded }));
        return Ok(());
    }
    let server = options
        .get("server")
        .map(String::as_str)
        .unwrap_or("127.0.0.1:8090")
        .parse()?;
    let report = match command.as_str() {
        "fanout" => serde_json::to_value(
            fanout(FanoutConfig {
                server,
                publish_server: options
                    .get("publish-server")
                    .map(|v| v.parse())
                    .transpose()?
                    .unwrap_or(server),
                rooms: get(&options, "rooms", 10),
                members: get(&options, "members", 10),
                rate: get(&options, "rate", 100.0),
                duration: Duration::from_secs_f64(get(&options, "seconds", 5.0)),
                payload_bytes: get(&options, "payload", 100),
                sources: sources(&options),
                room_offset: get(&options, "room-offset", 1),
                slow_every: get(&options, "slow-every", 0),
                server_pid: options.get("pid").and_then(|p| p.parse().ok()),
                transport: options
                    .get("transport")
                    .map(|t| t.parse())
                    .transpose()?
                    .unwrap_or_default(),
            })
            .await?,
        )?,
        "idle" => serde_json::to_value(
            idle(
                server,
                get(&options, "connections", 1000),
                get(&options, "pid", 0),
                &sources(&options),
                get(&options, "offset", 0),
                Duration::from_secs_f64(get(&options, "hold", 2.0)),
                options.get("ready-file").map(std::path::Path::new),
            )
            .await?,
        )?,
        "product" => serde_json::to_value(
            loadtest::product::product(loadtest::product::ProductConfig {
                server,
                first_channel: get(&options, "first-channel", 1),
                channels: get(&options, "channels", 10),
                members: get(&options, "members", 100),
                rate: get(&options, "rate", 100.0),
                duration: Duration::from_secs_f64(get(&options, "seconds", 5.0)),
                warmup: Duration::from_secs_f64(get(&options, "warmup", 2.0)),
                token_prefix: options
                    .get("token-prefix")
                    .cloned()
                    .unwrap_or_else(|| "bench-token-".into()),
                idle: get(&options, "idle", 0),
                sources: sources(&options),
            })
            .await?,
        )?,
        "reconnect" => serde_json::to_value(
            loadtest::reconnect::reconnect(loadtest::reconnect::ReconnectConfig {
                server,
                first_channel: get(&options, "first-channel", 1),
                channels: get(&options, "channels", 30),
                members: get(&options, "members", 100),
                rate: get(&options, "rate", 500.0),
                duration: Duration::from_secs_f64(get(&options, "seconds", 600.0)),
                token_prefix: options
                    .get("token-prefix")
                    .cloned()
                    .unwrap_or_else(|| "bench-token-".into()),
                sources: sources(&options),
                ready_file: options.get("ready-file").map(Into::into),
                stop_file: options.get("stop-file").map(Into::into),
                settle: Duration::from_secs_f64(get(&options, "settle", 30.0)),
            })
            .await?,
        )?,
        "presence" => serde_json::to_value(
            loadtest::presence::presence(loadtest::presence::PresenceConfig {
                server,
                clients: get(&options, "clients", 10_000),
                members: get(&options, "members", 100),
                rate: get(&options, "rate", 200.0),
                duration: Duration::from_secs_f64(get(&options, "seconds", 10.0)),
                settle: Duration::from_secs_f64(get(&options, "settle", 12.0)),
                message_rate: get(&options, "message-rate", 0.0),
                sources: sources(&options),
                server_pid: options.get("pid").and_then(|p| p.parse().ok()),
            })
            .await?,
        )?,
        "manuscripts" => serde_json::to_value(
            loadtest::manuscripts::manuscripts(loadtest::manuscripts::ManuscriptsConfig {
                server,
                database_url: options.get("database-url").cloned().unwrap_or_default(),
                task_id: get(&options, "task-id", 0),
                editors: get(&options, "editors", 10),
                rate: get(&options, "rate", 5.0),
                duration: Duration::from_secs_f64(get(&options, "seconds", 60.0)),
                warmup: Duration::from_secs_f64(get(&options, "warmup", 5.0)),
                token_prefix: options
                    .get("token-prefix")
                    .cloned()
                    .unwrap_or_else(|| "ms-bench-token-".into()),
                server_pid: options.get("pid").and_then(|p| p.parse().ok()),
            })
            .await?,
        )?,
        "storm" => serde_json::to_value(
            storm(server, get(&options, "clients", 2000), &sources(&options)).await?,
        )?,
        other => {
            anyhow::bail!(
                "unknown scenario {other:?}; use fanout, idle, storm, product, reconnect, presence, manuscripts, manuscript-seed, manuscript-compact, http or loopback"
            )
        }
    };
    println!("{report}");
    Ok(())
}
