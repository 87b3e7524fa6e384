//! Latency recording: monotonic nanoseconds shared by every process on the machine, and HDR
//! histograms in microseconds.

use hdrhistogram::Histogram;
use serde::Serialize;

/// CLOCK_MONOTONIC in nanoseconds: comparable across processes on one machine.
pub fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes into the timespec we pass and has no other effect.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

pub fn new_histogram() -> Histogram<u64> {
    // 1 µs .. 60 s with 3 significant digits.
    Histogram::new_with_bounds(1, 60_000_000, 3).expect("valid histogram bounds")
}

#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct Latency {
    pub count: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
}

pub fn summarize(h: &Histogram<u64>) -> Latency {
    let ms = |us: u64| us as f64 / 1000.0;
    Latency {
        count: h.len(),
        p50_ms: ms(h.value_at_quantile(0.50)),
        p99_ms: ms(h.value_at_quantile(0.99)),
        p999_ms: ms(h.value_at_quantile(0.999)),
        max_ms: ms(h.max()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_moves_forward() {
        let a = monotonic_ns();
        let b = monotonic_ns();
        assert!(b >= a);
    }

    #[test]
    fn summaries_report_quantiles_in_milliseconds() {
        let mut h = new_histogram();
        for us in 1..=1000u64 {
            h.record(us * 100).unwrap();
        }
        let s = summarize(&h);
        assert_eq!(s.count, 1000);
        assert!((s.p50_ms - 50.0).abs() < 0.1, "{s:?}");
        assert!((s.p99_ms - 99.0).abs() < 0.2, "{s:?}");
        assert!((s.max_ms - 100.0).abs() < 0.1, "{s:?}");
    }
}
