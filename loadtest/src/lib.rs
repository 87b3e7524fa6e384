//! Load generation for Tsumugi's realtime hub: a lean Engine.IO v4 / Socket.IO v5 client,
//! latency recording that accounts for coordinated omission, and the benchmark scenarios.

pub mod client;
pub mod codec;
pub mod product;
pub mod scenario;
pub mod stats;
