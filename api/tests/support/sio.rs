//! A minimal Engine.IO v4 / Socket.IO v5 client over WebSocket, enough to assert what a
//! browser would receive.

use std::net::SocketAddr;
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

pub struct SioClient {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_ack: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub name: String,
    pub data: Value,
}

impl SioClient {
    /// Connects and authenticates; `Err` carries the server's `connect_error` message.
    pub async fn connect(addr: SocketAddr, token: Option<&str>) -> Result<Self, String> {
        let url = format!("ws://{addr}/socket.io/?EIO=4&transport=websocket");
        let (mut ws, _) = connect_async(url).await.map_err(|e| e.to_string())?;
        let open = next_text(&mut ws).await.ok_or("no open packet")?;
        if !open.starts_with('0') {
            return Err(format!("unexpected open packet {open}"));
        }
        let auth = match token {
            Some(token) => json!({ "token": token }),
            None => json!({}),
        };
        ws.send(Message::text(format!("40{auth}")))
            .await
            .map_err(|e| e.to_string())?;
        loop {
            let packet = next_text(&mut ws).await.ok_or("closed during connect")?;
            if packet == "2" {
                ws.send(Message::text("3"))
                    .await
                    .map_err(|e| e.to_string())?;
            } else if let Some(rest) = packet.strip_prefix("40") {
                let _: Value = serde_json::from_str(rest).map_err(|e| e.to_string())?;
                return Ok(SioClient { ws, next_ack: 1 });
            } else if let Some(rest) = packet.strip_prefix("44") {
                let error: Value = serde_json::from_str(rest).unwrap_or(Value::Null);
                return Err(error["message"]
                    .as_str()
                    .unwrap_or("connect_error")
                    .to_string());
            }
        }
    }

    /// The next event, answering pings on the way; `None` on timeout or close.
    pub async fn next_event(&mut self, within: Duration) -> Option<Event> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let packet = tokio::time::timeout_at(deadline, next_text(&mut self.ws))
                .await
                .ok()??;
            if packet == "2" {
                self.ws.send(Message::text("3")).await.ok()?;
                continue;
            }
            if let Some(body) = packet.strip_prefix("42") {
                let array: Vec<Value> = serde_json::from_str(body).ok()?;
                let mut items = array.into_iter();
                let name = items.next()?.as_str()?.to_string();
                let data = items.next().unwrap_or(Value::Null);
                return Some(Event { name, data });
            }
        }
    }

    /// Waits for an event of one name, skipping others.
    pub async fn expect_event(&mut self, name: &str, within: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let event = self.next_event(left).await?;
            if event.name == name {
                return Some(event.data);
            }
        }
    }

    /// Emits an event and waits for its acknowledgement.
    pub async fn emit_with_ack(
        &mut self,
        name: &str,
        data: Value,
        within: Duration,
    ) -> Option<Value> {
        let id = self.next_ack;
        self.next_ack += 1;
        let packet = format!("42{id}{}", json!([name, data]));
        self.ws.send(Message::text(packet)).await.ok()?;
        let deadline = tokio::time::Instant::now() + within;
        let prefix = format!("43{id}");
        loop {
            let packet = tokio::time::timeout_at(deadline, next_text(&mut self.ws))
                .await
                .ok()??;
            if packet == "2" {
                self.ws.send(Message::text("3")).await.ok()?;
            } else if let Some(body) = packet.strip_prefix(&prefix) {
                let array: Vec<Value> = serde_json::from_str(body).ok()?;
                return array.into_iter().next();
            }
        }
    }

    /// Whether the server closes this socket within `within` (a disconnect packet or close).
    pub async fn closed_within(&mut self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            match tokio::time::timeout_at(deadline, next_text(&mut self.ws)).await {
                Err(_) => return false,
                Ok(None) => return true,
                Ok(Some(packet)) if packet == "41" || packet == "1" => return true,
                Ok(Some(packet)) if packet == "2" => {
                    let _ = self.ws.send(Message::text("3")).await;
                }
                Ok(Some(_)) => {}
            }
        }
    }
}

async fn next_text(ws: &mut WebSocketStream<MaybeTlsStream<TcpStream>>) -> Option<String> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(text)) => return Some(text.to_string()),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => continue,
        }
    }
}
