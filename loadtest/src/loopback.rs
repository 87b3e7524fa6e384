//! `loadtest loopback`: the floor under the product path's deliveries on this machine. The same
//! traffic shape — `rate` messages a second, each written to the `members` sockets of one of
//! `channels` channels, read by one reader per socket — over plain loopback TCP with nothing
//! else: no Socket.IO, no WebSocket parsing, no server, no database. The writing side stands
//! for the server, the reading side for the generator; each runs on a current-thread tokio
//! runtime of its own thread, so each side's CPU is its thread's CPU time.
//!
//! Whatever the hub does costs at least this much: if the floor at a rate already takes most of
//! the machine, no server code change can reach that rate here.

use std::cell::Cell;
use std::net::{TcpListener, TcpStream};
use std::rc::Rc;
use std::time::Duration;

use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::pace::Pace;

pub struct LoopbackConfig {
    pub channels: usize,
    pub members: usize,
    /// Messages a second; each is `members` deliveries.
    pub rate: f64,
    pub duration: Duration,
    /// Bytes written per delivery (a `message:new` WebSocket frame is about 400).
    pub frame_bytes: usize,
}

#[derive(Debug, Serialize)]
pub struct LoopbackReport {
    pub sockets: usize,
    pub rate: f64,
    pub seconds: f64,
    pub deliveries: u64,
    pub deliveries_per_sec: f64,
    /// CPU of the writing thread ÷ wall time: the share of one core the server side needs.
    pub writer_cores: f64,
    pub reader_cores: f64,
    pub writer_us_per_delivery: f64,
    pub reader_us_per_delivery: f64,
}

/// CPU time of the calling thread.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec we own.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn current_thread_runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}

pub fn loopback(config: LoopbackConfig) -> anyhow::Result<LoopbackReport> {
    let LoopbackConfig {
        channels,
        members,
        rate,
        duration,
        frame_bytes,
    } = config;
    anyhow::ensure!(rate > 0.0, "rate must be positive");
    let sockets = channels * members;
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let address = listener.local_addr()?;
    let (mut writers, mut readers) = (Vec::with_capacity(sockets), Vec::with_capacity(sockets));
    for _ in 0..sockets {
        let reader = TcpStream::connect(address)?;
        let (writer, _) = listener.accept()?;
        for stream in [&reader, &writer] {
            stream.set_nodelay(true)?;
            stream.set_nonblocking(true)?;
        }
        writers.push(writer);
        readers.push(reader);
    }

    let reading = std::thread::spawn(move || -> anyhow::Result<(u64, Duration)> {
        let runtime = current_thread_runtime()?;
        let cpu_before = thread_cpu();
        let received = Rc::new(Cell::new(0u64));
        runtime.block_on(async {
            let local = tokio::task::LocalSet::new();
            for stream in readers {
                let received = received.clone();
                local.spawn_local(async move {
                    let mut stream = tokio::net::TcpStream::from_std(stream)?;
                    let mut buffer = vec![0u8; 16 * 1024];
                    loop {
                        let n = stream.read(&mut buffer).await?;
                        if n == 0 {
                            return std::io::Result::Ok(());
                        }
                        received.set(received.get() + n as u64);
                    }
                });
            }
            local.await;
        });
        Ok((received.get(), thread_cpu() - cpu_before))
    });

    let frame = vec![b'x'; frame_bytes];
    let writing = std::thread::spawn(move || -> anyhow::Result<(Duration, Duration)> {
        let runtime = current_thread_runtime()?;
        let cpu_before = thread_cpu();
        let wall = runtime.block_on(async move {
            let mut streams = writers
                .into_iter()
                .map(tokio::net::TcpStream::from_std)
                .collect::<std::io::Result<Vec<_>>>()?;
            let pace = Pace::new(rate, duration);
            let mut sent = 0;
            while pace.wait_for(sent).await.is_some() {
                let channel = sent as usize % channels;
                for stream in &mut streams[channel * members..(channel + 1) * members] {
                    stream.write_all(&frame).await?;
                }
                sent += 1;
            }
            std::io::Result::Ok(pace.start().elapsed())
        })?;
        Ok((wall, thread_cpu() - cpu_before))
    });

    let (wall, writer_cpu) = writing
        .join()
        .map_err(|_| anyhow::anyhow!("the writing thread panicked"))??;
    let (bytes, reader_cpu) = reading
        .join()
        .map_err(|_| anyhow::anyhow!("the reading thread panicked"))??;
    let deliveries = bytes / frame_bytes as u64;
    let seconds = wall.as_secs_f64();
    let per_delivery = |cpu: Duration| cpu.as_secs_f64() * 1e6 / deliveries.max(1) as f64;
    Ok(LoopbackReport {
        sockets,
        rate,
        seconds,
        deliveries,
        deliveries_per_sec: deliveries as f64 / seconds,
        writer_cores: writer_cpu.as_secs_f64() / seconds,
        reader_cores: reader_cpu.as_secs_f64() / seconds,
        writer_us_per_delivery: per_delivery(writer_cpu),
        reader_us_per_delivery: per_delivery(reader_cpu),
    })
}
