//! `Server-Timing` on API responses, for diagnosis (`SERVER_TIMING=1`; off by default, since it
//! tells anyone how long the server's work took). Each answer says:
//! - `total`: how long the request spent inside the API, from reaching its middleware to its
//!   response;
//! - `pool`: of that, the time spent waiting for a connection of the pool, where a timed path
//!   takes one itself;
//! - `db`: the time spent in the timed database statements;
//! - `push`: the time spent handing realtime events to the hub.
//!
//! The rest of `total` is the handler's own code and the time its task waited for a core. The
//! timed statements are the hot paths' (posting a plain message, the read pipeline), so a slow
//! second of the product path shows whether its POSTs waited in PostgreSQL or for the CPU
//! (`loadtest product` reports this for each second's slowest POST).

use std::cell::Cell;
use std::future::Future;
use std::time::{Duration, Instant};

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

/// Where a timed part of a request spends its time (in the header's order).
#[derive(Debug, Clone, Copy)]
pub enum Phase {
    /// Waiting for a connection of the pool.
    Pool,
    /// Database statements.
    Db,
    /// Handing events to the realtime hub.
    Push,
}

/// The request's time per [`Phase`], indexed by it.
#[derive(Default)]
struct Phases([Cell<Duration>; 3]);

impl Phases {
    fn get(&self) -> [Duration; 3] {
        self.0.each_ref().map(Cell::get)
    }
}

tokio::task_local! {
    static PHASES: Phases;
}

/// Runs `work`, adding its duration to `phase` of the request being served when timing is on.
pub async fn timed<F: Future>(phase: Phase, work: F) -> F::Output {
    let started = Instant::now();
    let output = work.await;
    let took = started.elapsed();
    // Outside a timed request (timing off, or a background task) there is nothing to add to.
    let _ = PHASES.try_with(|phases| {
        let cell = &phases.0[phase as usize];
        cell.set(cell.get() + took);
    });
    output
}

/// Middleware: times the request and adds the `Server-Timing` header to its response.
pub async fn add(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let (mut response, phases) = PHASES
        .scope(Phases::default(), async {
            let response = next.run(request).await;
            (response, PHASES.with(Phases::get))
        })
        .await;
    let value = header_value(started.elapsed(), phases);
    if let Ok(value) = HeaderValue::from_str(&value) {
        response.headers_mut().insert("server-timing", value);
    }
    response
}

/// `total;dur=…, pool;dur=…, db;dur=…, push;dur=…` in milliseconds with microsecond precision;
/// `phases` are pool, db and push.
fn header_value(total: Duration, phases: [Duration; 3]) -> String {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let [pool, db, push] = phases.map(ms);
    format!(
        "total;dur={:.3}, pool;dur={pool:.3}, db;dur={db:.3}, push;dur={push:.3}",
        ms(total)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn timed_work_adds_to_its_phase_only_inside_a_request() {
        // Outside a scope: the work runs, nothing is recorded, nothing panics.
        assert_eq!(timed(Phase::Db, async { 7 }).await, 7);

        let [_, db, push] = PHASES
            .scope(Phases::default(), async {
                timed(Phase::Db, tokio::time::sleep(Duration::from_millis(5))).await;
                timed(Phase::Db, tokio::time::sleep(Duration::from_millis(5))).await;
                timed(Phase::Push, async {}).await;
                PHASES.with(Phases::get)
            })
            .await;
        assert!(db >= Duration::from_millis(10), "{db:?}");
        assert!(push < Duration::from_millis(5), "{push:?}");
    }

    #[test]
    fn the_header_gives_milliseconds_to_the_microsecond() {
        assert_eq!(
            header_value(
                Duration::from_micros(12_345),
                [
                    Duration::from_micros(400),
                    Duration::from_micros(2_001),
                    Duration::ZERO
                ]
            ),
            "total;dur=12.345, pool;dur=0.400, db;dur=2.001, push;dur=0.000"
        );
    }
}
