//! `message_search_bench --server HOST:PORT --database-url URL [--iterations N] [--out FILE]`
//!
//! Times `GET /api/messages/search` against a running release `tsumugi` whose database
//! `message-search-seed.sql` filled (see `scripts/bench-search-messages.sh`): one- and
//! two-character words and two-word AND queries, one request at a time, as a member of 50 of the
//! 2,000 channels; writes p50/p95/p99 per query to the results file.

use std::fmt::Write as _;

use loadtest::search_timing::{WARM_UP, args, load_average, measure, verdict};
use sqlx::postgres::PgPoolOptions;

const TOKEN: &str = "bench-search-messages";
const TARGET_P99_MS: f64 = 100.0;

/// (what it is, the words): the common cases people type, and a particle as the worst case.
const CASES: &[(&str, &str, bool)] = &[
    ("one kanji", "赤", true),
    ("one kanji (another)", "朝", true),
    ("two kanji", "納期", true),
    ("two kanji (another)", "校正", true),
    ("katakana word, searched in hiragana", "でざいん", true),
    ("two words (AND)", "確認 納期", true),
    ("two words, full-width space", "原稿　修正", true),
    (
        "a particle in most messages (worst case, not typical)",
        "の",
        false,
    ),
];

fn encode(text: &str) -> String {
    text.bytes().map(|b| format!("%{b:02X}")).collect()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = args();
    let server = options.text("server", "127.0.0.1:8132");
    let database_url = options.required("database-url")?;
    let iterations: usize = options.number("iterations", 300);
    let out_path = options.text("out", "loadtest/results/message-search.md");

    let db = PgPoolOptions::new()
        .max_connections(1)
        .connect(&database_url)
        .await?;
    let (messages, channels): (i64, i64) =
        sqlx::query_as("select (select count(*) from messages), (select count(*) from channels)")
            .fetch_one(&db)
            .await?;
    let pg_version: String = sqlx::query_scalar("select version()")
        .fetch_one(&db)
        .await?;
    let load_before = load_average();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let http = reqwest::Client::builder().build()?;

    let mut table = String::from(
        "| query | hits | p50 ms | p95 ms | p99 ms | max ms |\n| --- | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let mut worst_p99: f64 = 0.0;
    for (name, words, typical) in CASES {
        let url = format!(
            "http://{server}/api/messages/search?keyword={}",
            encode(words)
        );
        let m = measure(&http, &url, TOKEN, iterations).await?;
        if *typical {
            worst_p99 = worst_p99.max(m.p99);
        }
        eprintln!(
            "{name:<55} total {:>6}  p50 {:>6.2}  p95 {:>6.2}  p99 {:>6.2}  max {:>6.2}",
            m.total, m.p50, m.p95, m.p99, m.max
        );
        let _ = writeln!(
            table,
            "| {name} (「{words}」) | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
            m.total, m.p50, m.p95, m.p99, m.max
        );
    }
    let load_after = load_average();
    let verdict = verdict(worst_p99, TARGET_P99_MS);
    let report = format!(
        "# Message search at {messages} messages in {channels} channels\n\n\
         `make bench-search-messages` (`scripts/bench-search-messages.sh`): a release `tsumugi` on its own \
         database seeded by `loadtest/message-search-seed.sql` (deterministic), `vacuum analyze`, then each \
         query {WARM_UP} times to warm up and {iterations} times measured, one request at a time, over HTTP on \
         loopback, as a member of 50 channels (the time includes the session lookup, the search statement, \
         the page's messages and JSON). Design and the SQL-level comparison: \
         `docs/decisions/message-search.md`. Never part of `make test`.\n\n\
         {verdict}\n\n{table}\n\
         PostgreSQL: {pg_version}. Machine: {cores} cores, load average (1 min) {load_before} before and \
         {load_after} after the run — other work shared the machine, so these are not idle-machine figures.\n"
    );
    std::fs::write(&out_path, report)?;
    eprintln!("wrote {out_path}; worst p99 {worst_p99:.2} ms");
    Ok(())
}
