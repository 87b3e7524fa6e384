//! Load generation for Tsumugi's realtime hub: a lean Engine.IO v4 / Socket.IO v5 client,
//! latency recording that accounts for coordinated omission, the benchmark scenarios, and a
//! fixed-rate HTTP GET generator for the REST pages, the loopback floor under the product
//! path (`loopback`), the presence target (`presence`), and members that reconnect and catch
//! up through node restarts (`reconnect`), and co-editing one manuscript (`manuscripts`).

pub mod client;
pub mod codec;
pub mod http;
pub mod loopback;
pub mod manuscripts;
pub mod member;
pub mod pace;
pub mod polling;
pub mod presence;
pub mod product;
pub mod reconnect;
pub mod scenario;
pub mod search_timing;
pub mod stats;
