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

/// What reading a socket gave: an event, nothing in time, or the end of the connection (a
/// close, or the server's namespace disconnect `41`).
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    Event(Event),
    Timeout,
    Closed,
}

/// How a flood went: events written, and when the server cut the socket off (if it did).
#[derive(Debug, Clone)]
pub struct Flood {
    pub sent: u64,
    pub cut_after: Option<Duration>,
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

    /// The next event, a timeout, or the connection's end, answering pings on the way.
    pub async fn next(&mut self, within: Duration) -> Next {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let packet = match tokio::time::timeout_at(deadline, next_text(&mut self.ws)).await {
                Err(_) => return Next::Timeout,
                Ok(None) => return Next::Closed,
                Ok(Some(packet)) => packet,
            };
            if packet == "2" {
                if self.ws.send(Message::text("3")).await.is_err() {
                    return Next::Closed;
                }
            } else if packet == "41" || packet == "1" {
                return Next::Closed;
            } else if let Some(body) = packet.strip_prefix("42") {
                let Ok(array) = serde_json::from_str::<Vec<Value>>(body) else {
                    continue;
                };
                let mut items = array.into_iter();
                let Some(name) = items.next().and_then(|n| n.as_str().map(str::to_string)) else {
                    continue;
                };
                let data = items.next().unwrap_or(Value::Null);
                return Next::Event(Event { name, data });
            }
        }
    }

    /// Emits an event without asking for an acknowledgement.
    pub async fn emit(&mut self, name: &str, data: Value) -> bool {
        let packet = format!("42{}", json!([name, data]));
        self.ws.send(Message::text(packet)).await.is_ok()
    }

    /// Emits `name` at `per_second` for at most `limit`, reading what comes back, until the
    /// server disconnects this socket.
    pub async fn flood(
        &mut self,
        name: &str,
        data: Value,
        per_second: u32,
        limit: Duration,
    ) -> Flood {
        let started = tokio::time::Instant::now();
        let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(per_second)));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
        let packet = format!("42{}", json!([name, data]));
        let mut sent = 0;
        while started.elapsed() < limit {
            ticks.tick().await;
            if self.ws.send(Message::text(packet.clone())).await.is_err() {
                return Flood {
                    sent,
                    cut_after: Some(started.elapsed()),
                };
            }
            sent += 1;
            // Drain whatever arrived without waiting.
            while let Ok(read) = tokio::time::timeout(Duration::ZERO, next_text(&mut self.ws)).await
            {
                match read {
                    None => {
                        return Flood {
                            sent,
                            cut_after: Some(started.elapsed()),
                        };
                    }
                    Some(packet) if packet == "41" || packet == "1" => {
                        return Flood {
                            sent,
                            cut_after: Some(started.elapsed()),
                        };
                    }
                    Some(packet) if packet == "2" => {
                        let _ = self.ws.send(Message::text("3")).await;
                    }
                    Some(_) => {}
                }
            }
        }
        Flood {
            sent,
            cut_after: None,
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

impl SioClient {
    /// The code of the server's close frame, once it comes within `within` (events and pings
    /// on the way are read and answered); `None` when nothing closed the socket in time or it
    /// ended without a close frame.
    pub async fn close_code(&mut self, within: Duration) -> Option<u16> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .ok()??
            {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(Message::Text(text)) if text.as_str() == "2" => {
                    let _ = self.ws.send(Message::text("3")).await;
                }
                Ok(_) => {}
                Err(_) => return None,
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
