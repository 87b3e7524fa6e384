//! `loadtest manuscripts`: issue 44's co-editing target. `editors` members who may edit (the
//! bench seeds staff managers, who edit every manuscript) join one manuscript with
//! `manuscript:join` and each holds a yrs `Doc`, as the web's provider holds a Y.Doc. Each
//! types `rate` characters a second of generated Japanese into the `XmlFragment` named
//! `default` the way TipTap does (a `paragraph` element holding an `XmlText`; every sentence or
//! so ends the paragraph and the next keystroke opens a new one at the end), one update a
//! keystroke, sent as `manuscript:update`; everyone applies the others' `manuscript.updated`.
//!
//! Latency: from the moment an update was emitted to the moment each other editor has applied
//! it (an update is known by its base64 text, which the hub relays unchanged). At the end every
//! editor's text, the text of the server's stored state (read from PostgreSQL with the server's
//! own code) and the REST count must agree, or the run fails. With `--pid` the node's CPU time
//! over the typing window is reported.
//!
//! `loadtest manuscript-seed` stores the open target's document straight into PostgreSQL: a
//! manuscript whose snapshot is the empty state followed by `updates` rows of
//! `manuscript_updates`, together `chars` characters (see loadtest/results/manuscripts.md for
//! why straight into the table).

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, bail};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use yrs::types::xml::XmlTextPrelim;
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{
    Doc, OffsetKind, Options, ReadTxn, Text, Transact, Update, XmlElementPrelim, XmlElementRef,
    XmlFragment, XmlTextRef,
};

use crate::client::{Conn, EventHandler};
use crate::codec::Event;
use crate::presence::cpu_secs;
use crate::stats::{Latency, monotonic_ns, new_histogram, summarize};

/// The fragment TipTap's Collaboration extension writes into.
const FRAGMENT: &str = "default";
const ACK_TIMEOUT: Duration = Duration::from_secs(10);

/// Sentences the editors type, character by character; each editor starts at another one.
const SENTENCES: &[&str] = &[
    "季節の野菜を使った、手軽な料理を紹介します。",
    "かぶは葉まで使えるので、捨てるところがありません。",
    "にんじんは皮ごと薄く切り、さっと炒めると甘みが出ます。",
    "だいこんの煮物は、前の晩に作っておくと味がしみます。",
    "取材では、農家の方に旬の見分け方を教えていただきました。",
    "写真は午前中の柔らかい光で撮ると、色がきれいに出ます。",
    "次回は、冬の汁物を三つ取り上げる予定です。",
    "原稿の締め切りは金曜日ですので、よろしくお願いします。",
];

/// The `i`-th character editor `editor` types (sentences in turn, a paragraph break after each).
fn typed(editor: usize, i: usize) -> char {
    let all: Vec<char> = SENTENCES[editor % SENTENCES.len()..]
        .iter()
        .chain(&SENTENCES[..editor % SENTENCES.len()])
        .flat_map(|s| s.chars())
        .collect();
    all[i % all.len()]
}

#[derive(Debug, Clone)]
pub struct ManuscriptsConfig {
    pub server: SocketAddr,
    pub database_url: String,
    pub task_id: i64,
    pub editors: usize,
    /// Characters a second each editor types.
    pub rate: f64,
    pub duration: Duration,
    /// Typed before `duration` and left out of the latencies and the CPU figure.
    pub warmup: Duration,
    /// Editor i authenticates with `{token_prefix}{i}`.
    pub token_prefix: String,
    pub server_pid: Option<u32>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ManuscriptsReport {
    pub manuscript_id: i64,
    pub editors: usize,
    pub rate: f64,
    pub seconds: f64,
    /// Updates emitted (warm-up included) and those the server refused or did not answer.
    pub sent: u64,
    pub send_errors: u64,
    /// Deliveries to the other editors, expected and applied; of them, how many arrived before
    /// an update they depend on (they appear with it).
    pub expected: u64,
    pub received: u64,
    pub held: u64,
    /// Emit → applied at each other editor, measured updates only.
    pub latency: Latency,
    pub p95_ms: f64,
    /// Every editor's text, the stored state's and REST's count agree.
    pub converged: bool,
    pub characters: usize,
    pub rest_count: i64,
    pub stored_updates: i64,
    /// The node's user + system CPU over the measured window, and as % of one core.
    pub server_cpu_secs: f64,
    pub server_cpu_percent: f64,
}

/// `manuscript.updated`'s fields the editors read.
#[derive(Deserialize)]
struct Updated<'a> {
    manuscript_id: i64,
    #[serde(borrow)]
    update: std::borrow::Cow<'a, str>,
}

fn key_of(base64: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    base64.hash(&mut hasher);
    hasher.finish()
}

/// What every editor shares: when each update was emitted and whether it is measured.
struct Ledger {
    sent: Mutex<HashMap<u64, (u64, bool)>>,
    histogram: Mutex<hdrhistogram::Histogram<u64>>,
    received: AtomicU64,
    /// Deliveries that arrived before an update they depend on.
    held: AtomicU64,
}

struct Editor {
    doc: Mutex<Doc>,
    /// The paragraph this editor is typing into.
    paragraph: Mutex<Option<XmlTextRef>>,
    /// Updates received but not integrated yet: they arrived before one they depend on (the
    /// hub handles each event on a task of its own, so one sender's updates may overtake each
    /// other). Their text appears with the update that completes them.
    waiting: Mutex<Vec<u64>>,
}

/// A document as the web holds it: offsets in UTF-16 units, as JavaScript counts.
pub fn new_doc() -> Doc {
    let doc = Doc::with_options(Options {
        offset_kind: OffsetKind::Utf16,
        ..Options::default()
    });
    let _ = doc.get_or_insert_xml_fragment(FRAGMENT);
    doc
}

/// The document's paragraphs' texts, one a line (what the editors compare).
pub fn text_of(doc: &Doc) -> String {
    api::manuscripts::doc::blocks(doc)
        .into_iter()
        .map(|b| b.text)
        .collect::<Vec<_>>()
        .join("\n")
}

impl Editor {
    /// Types one character: into the current paragraph, or a new one at the end after a full
    /// stop (TipTap's Enter at the end of the document). Answers the update.
    fn type_char(&self, c: char) -> Vec<u8> {
        let doc = self.doc.lock().expect("doc lock");
        let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
        let mut paragraph = self.paragraph.lock().expect("paragraph lock");
        let mut txn = doc.transact_mut();
        let text = match paragraph.as_ref() {
            Some(text) => text.clone(),
            None => {
                let element: XmlElementRef =
                    fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
                element.push_back(&mut txn, XmlTextPrelim::new(""))
            }
        };
        let end = text.len(&txn);
        text.insert(&mut txn, end, &c.to_string());
        *paragraph = (c != '。').then_some(text);
        txn.encode_update_v1()
    }

    /// Applies an update; answers whether the document holds everything it received (no
    /// update waits for a missing one).
    fn apply(&self, update: &[u8]) -> anyhow::Result<bool> {
        let doc = self.doc.lock().expect("doc lock");
        let update = Update::decode_v1(update)?;
        let mut txn = doc.transact_mut();
        txn.apply_update(update)?;
        Ok(!txn.has_missing_updates())
    }

    fn new() -> Editor {
        Editor {
            doc: Mutex::new(new_doc()),
            paragraph: Mutex::new(None),
            waiting: Mutex::new(Vec::new()),
        }
    }
}

async fn http_json(request: reqwest::RequestBuilder) -> anyhow::Result<Value> {
    let response = request.send().await?;
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        bail!("{status}: {body}");
    }
    Ok(body)
}

/// The answer's `data`, or the refusal as an error.
fn ack_data(reply: Vec<Value>) -> anyhow::Result<Value> {
    let first = reply.into_iter().next().unwrap_or(Value::Null);
    match first.get("data") {
        Some(data) => Ok(data.clone()),
        None => bail!("refused: {first}"),
    }
}

pub async fn manuscripts(config: ManuscriptsConfig) -> anyhow::Result<ManuscriptsReport> {
    let http = reqwest::Client::new();
    let base = format!("http://{}", config.server);
    let token_of = |i: usize| format!("{}{i}", config.token_prefix);
    // The manuscript, created through REST by the first editor.
    let created = http_json(
        http.post(format!("{base}/api/tasks/{}/manuscript", config.task_id))
            .bearer_auth(token_of(0))
            .json(&json!({})),
    )
    .await
    .context("create the manuscript")?;
    let manuscript_id = created["id"].as_i64().context("manuscript id")?;

    let ledger = Arc::new(Ledger {
        sent: Mutex::new(HashMap::new()),
        histogram: Mutex::new(new_histogram()),
        received: AtomicU64::new(0),
        held: AtomicU64::new(0),
    });
    let mut editors = Vec::new();
    let mut conns = Vec::new();
    for i in 0..config.editors {
        let editor = Arc::new(Editor::new());
        let handler: EventHandler = {
            let (editor, ledger) = (editor.clone(), ledger.clone());
            Arc::new(move |event: &Event<'_>| {
                if event.name != "manuscript.updated" {
                    return;
                }
                let Some(updated) = event.first_arg::<Updated>() else {
                    return;
                };
                if updated.manuscript_id != manuscript_id {
                    return;
                }
                let Ok(bytes) = BASE64.decode(updated.update.as_bytes()) else {
                    return;
                };
                let Ok(integrated) = editor.apply(&bytes) else {
                    return;
                };
                let now = monotonic_ns();
                ledger.received.fetch_add(1, Ordering::Relaxed);
                let key = key_of(&updated.update);
                let mut waiting = editor.waiting.lock().expect("waiting lock");
                if !integrated {
                    ledger.held.fetch_add(1, Ordering::Relaxed);
                    waiting.push(key);
                    return;
                }
                // This update, and every one that waited for it, appears now.
                let appeared = std::iter::once(key).chain(waiting.drain(..));
                let sent = ledger.sent.lock().expect("ledger lock");
                let mut histogram = ledger.histogram.lock().expect("histogram lock");
                for key in appeared {
                    if let Some(&(sent_ns, true)) = sent.get(&key) {
                        histogram.saturating_record((now.saturating_sub(sent_ns) / 1000).max(1));
                    }
                }
            })
        };
        let conn = Conn::connect(config.server, &token_of(i), None, handler)
            .await
            .with_context(|| format!("editor {i} connects"))?;
        let state_vector = {
            let doc = editor.doc.lock().expect("doc lock");
            BASE64.encode(doc.transact().state_vector().encode_v1())
        };
        let joined = ack_data(
            conn.emit_with_ack(
                "manuscript:join",
                json!({ "manuscript_id": manuscript_id, "state_vector": state_vector }),
                ACK_TIMEOUT,
            )
            .await?,
        )
        .with_context(|| format!("editor {i} joins"))?;
        if joined["permission"] != "edit" {
            bail!("editor {i} joined with {}", joined["permission"]);
        }
        let update = BASE64.decode(joined["update"].as_str().unwrap_or_default())?;
        editor.apply(&update)?;
        editors.push(editor);
        conns.push(conn);
    }

    // Typing: editor i's k-th keystroke is due at start + i/editors of an interval + k intervals.
    let interval = Duration::from_secs_f64(1.0 / config.rate);
    let warmup_keys = (config.warmup.as_secs_f64() * config.rate).round() as usize;
    let keys = warmup_keys + (config.duration.as_secs_f64() * config.rate).round() as usize;
    let start = tokio::time::Instant::now() + Duration::from_millis(100);
    let send_errors = Arc::new(AtomicU64::new(0));
    let sent = Arc::new(AtomicU64::new(0));
    let cpu = |pid: Option<u32>| pid.and_then(|p| cpu_secs(p).ok()).unwrap_or(0.0);
    let measured_start = start + config.warmup;
    let mut typists = Vec::new();
    for (i, (editor, conn)) in editors.iter().zip(&conns).enumerate() {
        let (editor, conn, ledger, send_errors, sent) = (
            editor.clone(),
            conn.clone(),
            ledger.clone(),
            send_errors.clone(),
            sent.clone(),
        );
        let offset = interval.mul_f64(i as f64 / config.editors as f64);
        typists.push(tokio::spawn(async move {
            let mut acks = Vec::with_capacity(keys);
            for k in 0..keys {
                tokio::time::sleep_until(start + offset + interval * k as u32).await;
                let update = BASE64.encode(editor.type_char(typed(i, k)));
                let measured = k >= warmup_keys;
                ledger
                    .sent
                    .lock()
                    .expect("ledger lock")
                    .insert(key_of(&update), (monotonic_ns(), measured));
                sent.fetch_add(1, Ordering::Relaxed);
                let (conn, send_errors) = (conn.clone(), send_errors.clone());
                // The provider does not wait for one ack before the next keystroke either.
                acks.push(tokio::spawn(async move {
                    let reply = conn
                        .emit_with_ack(
                            "manuscript:update",
                            json!({ "manuscript_id": manuscript_id, "update": update }),
                            ACK_TIMEOUT,
                        )
                        .await;
                    if !matches!(reply.map(ack_data), Ok(Ok(_))) {
                        send_errors.fetch_add(1, Ordering::Relaxed);
                    }
                }));
            }
            for ack in acks {
                let _ = ack.await;
            }
        }));
    }
    tokio::time::sleep_until(measured_start).await;
    let cpu_start = cpu(config.server_pid);
    tokio::time::sleep_until(measured_start + config.duration).await;
    let cpu_end = cpu(config.server_pid);
    for typist in typists {
        typist.await?;
    }
    let sent = sent.load(Ordering::Relaxed);
    let expected = sent * (config.editors as u64 - 1);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while ledger.received.load(Ordering::Relaxed) < expected
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let received = ledger.received.load(Ordering::Relaxed);
    for conn in &conns {
        conn.close();
    }

    // Convergence: every editor, the stored state and REST's count.
    let texts: Vec<String> = editors
        .iter()
        .map(|e| text_of(&e.doc.lock().expect("doc lock")))
        .collect();
    let pool = sqlx::PgPool::connect(&config.database_url).await?;
    let stored = api::manuscripts::sync::current_state(&pool, manuscript_id).await?;
    let stored_text = text_of(&api::manuscripts::doc::load(&stored)?);
    let stored_updates: i64 =
        sqlx::query_scalar("select count(*) from manuscript_updates where manuscript_id = $1")
            .bind(manuscript_id)
            .fetch_one(&pool)
            .await?;
    let rest = http_json(
        http.get(format!("{base}/api/manuscripts/{manuscript_id}"))
            .bearer_auth(token_of(0)),
    )
    .await?;
    let rest_count = rest["counts"]["total"].as_i64().unwrap_or(-1);
    let characters = stored_text.chars().filter(|c| *c != '\n').count();
    let typed_total = sent as usize;
    let mut problems = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        if *text != stored_text {
            problems.push(format!(
                "editor {i} holds {} characters, the server {}",
                text.chars().count(),
                stored_text.chars().count()
            ));
        }
    }
    if characters != typed_total {
        problems.push(format!(
            "{typed_total} characters typed, {characters} stored"
        ));
    }
    if rest_count != characters as i64 {
        problems.push(format!(
            "REST counts {rest_count}, the stored text has {characters}"
        ));
    }
    let converged = problems.is_empty();
    if !converged {
        eprintln!("NOT CONVERGED: {}", problems.join("; "));
    }
    let histogram = ledger.histogram.lock().expect("histogram lock").clone();
    let seconds = config.duration.as_secs_f64();
    let server_cpu_secs = cpu_end - cpu_start;
    Ok(ManuscriptsReport {
        manuscript_id,
        editors: config.editors,
        rate: config.rate,
        seconds,
        sent,
        send_errors: send_errors.load(Ordering::Relaxed),
        expected,
        received,
        held: ledger.held.load(Ordering::Relaxed),
        latency: summarize(&histogram),
        p95_ms: histogram.value_at_quantile(0.95) as f64 / 1000.0,
        converged,
        characters,
        rest_count,
        stored_updates,
        server_cpu_secs,
        server_cpu_percent: server_cpu_secs / seconds * 100.0,
    })
}

#[derive(Debug, Clone)]
pub struct SeedConfig {
    pub database_url: String,
    pub task_id: i64,
    pub user_id: i64,
    pub chars: usize,
    pub updates: usize,
    /// Characters a paragraph.
    pub paragraph: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Seeded {
    pub manuscript_id: i64,
    pub updates: usize,
    pub characters: usize,
    pub paragraphs: usize,
    pub update_bytes: usize,
    pub first_paragraph: String,
    pub last_paragraph: String,
}

/// A manuscript of `chars` characters written as `updates` updates (each the next
/// `chars / updates` characters, in paragraphs of `paragraph` characters), stored after an
/// empty snapshot with no compaction.
pub async fn seed(config: SeedConfig) -> anyhow::Result<Seeded> {
    let doc = new_doc();
    let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
    let per_update = config.chars.div_ceil(config.updates);
    let mut updates = Vec::with_capacity(config.updates);
    let mut written = 0usize;
    let mut current: Option<XmlTextRef> = None;
    let mut in_paragraph = 0usize;
    for _ in 0..config.updates {
        let mut txn = doc.transact_mut();
        let mut left = per_update.min(config.chars - written);
        while left > 0 {
            let text = match current.clone() {
                Some(text) if in_paragraph < config.paragraph => text,
                _ => {
                    let element: XmlElementRef =
                        fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
                    in_paragraph = 0;
                    let text = element.push_back(&mut txn, XmlTextPrelim::new(""));
                    current = Some(text.clone());
                    text
                }
            };
            let take = left.min(config.paragraph - in_paragraph);
            // Each paragraph opens with its number (第12段落。), so the first and the last are
            // found in the editor's text without mistaking one for another.
            let paragraph_no = fragment.len(&txn) as usize;
            let full: Vec<char> = format!("第{paragraph_no}段落。")
                .chars()
                .chain((0..).map(|j| typed(paragraph_no, j)))
                .take(config.paragraph)
                .collect();
            let chunk: String = full[in_paragraph..in_paragraph + take].iter().collect();
            let end = text.len(&txn);
            text.insert(&mut txn, end, &chunk);
            in_paragraph += take;
            left -= take;
            written += take;
        }
        updates.push(txn.encode_update_v1());
    }
    let blocks = api::manuscripts::doc::blocks(&doc);
    let characters: usize = blocks.iter().map(|b| b.text.chars().count()).sum();
    let pool = sqlx::PgPool::connect(&config.database_url).await?;
    let mut tx = pool.begin().await?;
    let manuscript_id: i64 = sqlx::query_scalar(
        "insert into manuscripts (task_id, snapshot, created_by) values ($1, $2, $3) returning id",
    )
    .bind(config.task_id)
    .bind(api::manuscripts::doc::empty_state())
    .bind(config.user_id)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "insert into manuscript_updates (manuscript_id, update, user_id)
         select $1, u, $3 from unnest($2::bytea[]) with ordinality as t(u, n) order by n",
    )
    .bind(manuscript_id)
    .bind(&updates)
    .bind(config.user_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    // The stored form reads back as the same text.
    let stored = api::manuscripts::sync::current_state(&pool, manuscript_id).await?;
    if text_of(&api::manuscripts::doc::load(&stored)?) != text_of(&doc) {
        bail!("the stored manuscript does not read back as the generated text");
    }
    Ok(Seeded {
        manuscript_id,
        updates: updates.len(),
        characters,
        paragraphs: blocks.len(),
        update_bytes: updates.iter().map(Vec::len).sum(),
        first_paragraph: blocks.first().map(|b| b.text.clone()).unwrap_or_default(),
        last_paragraph: blocks.last().map(|b| b.text.clone()).unwrap_or_default(),
    })
}

/// Folds the manuscript's stored updates into its snapshot (the server's own compaction).
pub async fn compact(database_url: &str, manuscript_id: i64) -> anyhow::Result<usize> {
    let pool = sqlx::PgPool::connect(database_url).await?;
    api::manuscripts::sync::compact(&pool, manuscript_id).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use yrs::{StateVector, XmlOut};

    fn state(doc: &Doc) -> Vec<u8> {
        doc.transact()
            .encode_state_as_update_v1(&StateVector::default())
    }

    #[test]
    fn two_editors_typing_converge_through_their_updates() {
        let (a, b) = (Editor::new(), Editor::new());
        let mut held = None;
        for k in 0..60 {
            let from_a = a.type_char(typed(0, k));
            let from_b = b.type_char(typed(1, k));
            // Every tenth update of a's overtakes the one before it.
            if k % 10 == 8 {
                held = Some(from_a);
            } else {
                assert_eq!(b.apply(&from_a).unwrap(), k % 10 != 9, "update {k}");
                if let Some(earlier) = held.take() {
                    assert!(b.apply(&earlier).unwrap(), "the held update completes it");
                }
            }
            assert!(a.apply(&from_b).unwrap());
        }
        let (ta, tb) = (
            text_of(&a.doc.lock().unwrap()),
            text_of(&b.doc.lock().unwrap()),
        );
        assert_eq!(ta, tb);
        assert_eq!(ta.chars().filter(|c| *c != '\n').count(), 120);
        // A full stop ends the paragraph: the first sentence is a paragraph of its own.
        assert!(ta.contains(SENTENCES[0]), "{ta}");
        // The server's reading of the state agrees.
        let doc = a.doc.lock().unwrap();
        let loaded = api::manuscripts::doc::load(&state(&doc)).unwrap();
        assert_eq!(text_of(&loaded), ta);
        let fragment = doc.get_or_insert_xml_fragment(FRAGMENT);
        let Some(XmlOut::Element(first)) = fragment.get(&doc.transact(), 0) else {
            panic!("not an element");
        };
        assert_eq!(first.tag().as_ref(), "paragraph");
    }
}
