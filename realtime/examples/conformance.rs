//! The reference server of the official Engine.IO / Socket.IO protocol suites
//! (`../shared/conformance/README.md`), built on the hub: `/socket.io/` with the suites'
//! handlers (`auth`, `message`, `message-with-ack`) and an authenticator that admits every
//! connect, `/engine.io/` echoing Engine.IO messages. `scripts/conformance.sh` runs the suites
//! against it.
//!
//! Settings from the environment (the suites' values by default): `PORT` (3000),
//! `PING_INTERVAL_MS` (300), `PING_TIMEOUT_MS` (200), `MAX_PAYLOAD` (1000000),
//! `CONNECT_TIMEOUT_MS` (1000).

use std::collections::HashSet;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use realtime::{
    AuthRejection, Authenticator, Hub, HubConfig, Identity, JoinRejection, ProtocolConfig,
    ServerConfig,
};

/// Admits every connect, with or without a token (the suites send none or any).
struct AdmitAll;

#[async_trait]
impl Authenticator for AdmitAll {
    async fn authenticate(&self, token: &str) -> Result<Identity, AuthRejection> {
        Ok(Identity {
            user_id: 1,
            role: "conformance".into(),
            session_id: token.into(),
        })
    }

    async fn authenticate_handshake(
        &self,
        _auth: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Identity, AuthRejection> {
        self.authenticate("").await
    }

    async fn authorize_channel(&self, _: &Identity, _: i64) -> Result<(), JoinRejection> {
        Err(JoinRejection::Forbidden)
    }

    async fn live_sessions(&self, ids: &[String]) -> Result<HashSet<String>, AuthRejection> {
        Ok(ids.iter().cloned().collect())
    }
}

fn setting(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(value) => value
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, not {value:?}")),
        Err(_) => default,
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protocol = ProtocolConfig {
        ping_interval: Duration::from_millis(setting("PING_INTERVAL_MS", 300)),
        ping_timeout: Duration::from_millis(setting("PING_TIMEOUT_MS", 200)),
        max_payload: setting("MAX_PAYLOAD", 1_000_000) as usize,
        connect_timeout: Duration::from_millis(setting("CONNECT_TIMEOUT_MS", 1_000)),
        reference_handlers: true,
    };
    let (layer, _hub) =
        Hub::build_with_protocol(HubConfig::default(), protocol, Arc::new(AdmitAll)).await?;
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, setting("PORT", 3000) as u16));
    let listener = realtime::listen(address)?;
    println!("conformance server on http://{address}");
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    realtime::serve(
        listener,
        layer.mount(axum::Router::new()),
        ServerConfig::default(),
        shutdown,
    )
    .await?;
    Ok(())
}
