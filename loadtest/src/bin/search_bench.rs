//! `search_bench --server HOST:PORT --database-url URL --first-tag ID [--iterations N] [--out FILE]`
//!
//! Times typical `GET /api/users/search` calls against a running release `tsumugi` whose
//! database `search-seed.sql` filled (see `scripts/bench-search.sh`), one request at a time,
//! and writes p50/p95/p99 per query with the `EXPLAIN (ANALYZE, BUFFERS)` plans of the SQL the
//! server builds for it (through the same query builder, `api::creators::search`).

use std::fmt::Write as _;

use api::creators::access::Viewer;
use api::creators::search::{self, SearchFilter};
use api::platform::clock::tokyo_today;
use loadtest::search_timing::{WARM_UP, args, load_average, measure, verdict};
use sqlx::postgres::PgPoolOptions;
use sqlx::{PgPool, Postgres, QueryBuilder};

const CLIENT_TOKEN: &str = "bench-search-client";
const TARGET_P99_MS: f64 = 50.0;

struct Case {
    name: &'static str,
    query: String,
    /// Counted against the p99 target; a deep page is reported but is not a typical search.
    typical: bool,
}

fn cases(first_tag: i64) -> Vec<Case> {
    vec![
        Case {
            name: "genre + work status (accepting)",
            query: "genre_ids[]=1&work_statuses[]=accepting".into(),
            typical: true,
        },
        Case {
            name: "genre group + two age bands + Japan",
            query: "genre_group_ids[]=3&age_bands[]=late_twenties&age_bands[]=early_thirties&region=japan".into(),
            typical: true,
        },
        Case {
            name: "tag include + tag exclude + language",
            query: format!(
                "search_tag_ids[]={}&search_tag_ids[]={}&exclude_search_tag_ids[]={}&language_ids[]=1&language_ids[]=3",
                first_tag,
                first_tag + 5,
                first_tag + 12
            ),
            typical: true,
        },
        Case {
            name: "child genre + prefecture + work statuses",
            query: "genre_ids[]=181&prefecture_ids[]=13&prefecture_ids[]=27&work_statuses[]=accepting&work_statuses[]=conditionally_accepting".into(),
            typical: true,
        },
        Case {
            name: "free word (3 characters) + work status",
            query: "words=%E5%8C%BB%E7%99%82%E7%B3%BB&work_statuses[]=accepting".into(),
            typical: true,
        },
        Case {
            name: "free word (2 characters)",
            query: "words=%E7%BF%BB%E8%A8%B3".into(),
            typical: true,
        },
        Case {
            name: "two words + genre",
            query: "words=%E3%83%A9%E3%82%B8%E3%82%AA%20%E6%A7%8B%E6%88%90&genre_ids[]=10".into(),
            typical: true,
        },
        Case {
            name: "no filter, page 1",
            query: String::new(),
            typical: true,
        },
        Case {
            name: "genre, page 200",
            query: "genre_ids[]=5&page=200".into(),
            typical: false,
        },
    ]
}

/// The plans of the count and the page query the server runs for `query`.
async fn plans(db: &PgPool, query: &str, viewer: Viewer) -> anyhow::Result<String> {
    let filter = SearchFilter::from_query(Some(query)).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let today = tokyo_today();
    let mut out = String::new();
    for (label, page) in [("count", false), ("page", true)] {
        let mut q = QueryBuilder::<Postgres>::new("explain (analyze, buffers) ");
        if page {
            search::push_page_ids(&mut q, &filter, viewer, today);
        } else {
            search::push_count(&mut q, &filter, viewer, today);
        }
        let lines: Vec<String> = q.build_query_scalar().fetch_all(db).await?;
        let _ = writeln!(out, "-- {label} query\n{}\n", lines.join("\n"));
    }
    Ok(out)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = args();
    let server = options.text("server", "127.0.0.1:8130");
    let database_url = options.required("database-url")?;
    let first_tag: i64 = options
        .required("first-tag")?
        .parse()
        .map_err(|_| anyhow::anyhow!("--first-tag must be a number"))?;
    let iterations: usize = options.number("iterations", 500);
    let out_path = options.text("out", "loadtest/results/user-search.md");

    let db = PgPoolOptions::new()
        .max_connections(2)
        .connect(&database_url)
        .await?;
    let creators: i64 = sqlx::query_scalar(
        "select count(*) from users where role in ('general', 'editor_assistant')",
    )
    .fetch_one(&db)
    .await?;
    let client_id: i64 = sqlx::query_scalar(
        "select client_id from users where mail_address = 'client@bench-search.tsumugi.jp'",
    )
    .fetch_one(&db)
    .await?;
    let pg_version: String = sqlx::query_scalar("select version()")
        .fetch_one(&db)
        .await?;
    let viewer = Viewer::Client { client_id };
    let load_before = load_average();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let http = reqwest::Client::builder().build()?;

    let mut table = String::from(
        "| query | matches | p50 ms | p95 ms | p99 ms | max ms |\n| --- | ---: | ---: | ---: | ---: | ---: |\n",
    );
    let mut plan_text = String::new();
    let mut worst_p99: f64 = 0.0;
    for case in cases(first_tag) {
        let url = format!("http://{server}/api/users/search?{}", case.query);
        let m = measure(&http, &url, CLIENT_TOKEN, iterations).await?;
        if case.typical {
            worst_p99 = worst_p99.max(m.p99);
        }
        eprintln!(
            "{:<45} total {:>6}  p50 {:>6.2}  p95 {:>6.2}  p99 {:>6.2}  max {:>6.2}",
            case.name, m.total, m.p50, m.p95, m.p99, m.max
        );
        let _ = writeln!(
            table,
            "| {}{} (`{}`) | {} | {:.2} | {:.2} | {:.2} | {:.2} |",
            case.name,
            if case.typical {
                ""
            } else {
                " — not typical, not counted"
            },
            if case.query.is_empty() {
                "—"
            } else {
                &case.query
            },
            m.total,
            m.p50,
            m.p95,
            m.p99,
            m.max
        );
        let _ = writeln!(
            plan_text,
            "### {}\n\n`GET /api/users/search?{}`\n\n```\n{}```\n",
            case.name,
            case.query,
            plans(&db, &case.query, viewer).await?
        );
    }

    let load_after = load_average();
    let verdict = verdict(worst_p99, TARGET_P99_MS);
    let report = format!(
        "# Creator search at {creators} creators\n\n\
         `make bench-search` (`scripts/bench-search.sh`): a release `tsumugi` on its own database seeded by \
         `loadtest/search-seed.sql` (deterministic, `generate_series`), `vacuum analyze`, then each query \
         {WARM_UP} times to warm up and {iterations} times measured, one request at a time, as a client user \
         over HTTP on loopback (the time includes the session lookup, both SQL statements — count and page — \
         the cards of the page and JSON). Never part of `make test`.\n\n\
         {verdict}\n\n{table}\n\
         PostgreSQL: {pg_version}. Machine: {cores} cores, load average (1 min) {load_before} before and \
         {load_after} after the run — other work shared the machine, so these are not idle-machine figures.\n\n\
         ## Plans (`EXPLAIN (ANALYZE, BUFFERS)`, built by `api::creators::search` as the server builds them)\n\n\
         The page's cards are then read by primary key for the 20 ids of the page.\n\n{plan_text}"
    );
    std::fs::write(&out_path, report)?;
    eprintln!("wrote {out_path}; worst p99 {worst_p99:.2} ms");
    Ok(())
}
