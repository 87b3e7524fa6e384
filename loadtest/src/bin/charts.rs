//! `charts RAW.jsonl OUT_DIR`: PNG charts of a benchmark run (latency against offered load,
//! Tsumugi beside Node).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use plotters::prelude::*;
use plotters::style::FontStyle;
use serde_json::Value;

const FONT: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
type Series = BTreeMap<String, Vec<(f64, f64)>>;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let raw = PathBuf::from(
        args.next()
            .ok_or_else(|| anyhow::anyhow!("usage: charts RAW.jsonl OUT_DIR"))?,
    );
    let out = PathBuf::from(args.next().unwrap_or_else(|| ".".into()));
    let font: &'static [u8] = Box::leak(std::fs::read(FONT)?.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, font)
        .map_err(|_| anyhow::anyhow!("font {FONT} unreadable"))?;

    let rows: Vec<Value> = std::fs::read_to_string(&raw)?
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let mut fanout: BTreeMap<String, Series> = BTreeMap::new();
    let mut product = Series::new();
    for row in &rows {
        let server = row["server"].as_str().unwrap_or("?").to_string();
        let report = &row["report"];
        match row["scenario"].as_str() {
            Some(kind @ ("fanout" | "redis-hop" | "polling")) => {
                let shape = format!("{kind}-{}", row["shape"].as_str().unwrap_or("?"));
                let point = (
                    report["rate"].as_f64().unwrap_or(0.0),
                    report["latency"]["p99_ms"].as_f64().unwrap_or(0.0),
                );
                fanout
                    .entry(shape)
                    .or_default()
                    .entry(server)
                    .or_default()
                    .push(point);
            }
            Some("product") => {
                let rate = report["rate"].as_f64().unwrap_or(0.0);
                let layout = row["layout"].as_str().unwrap_or("shared");
                // Each layout runs several times; every run is its own p99 line.
                let run = row["run"].as_u64().unwrap_or(1);
                product
                    .entry(format!("p99 ({layout}, run {run})"))
                    .or_default()
                    .push((
                        rate,
                        report["last_member"]["p99_ms"].as_f64().unwrap_or(0.0),
                    ));
            }
            _ => {}
        }
    }
    for (shape, series) in &fanout {
        chart(
            &out.join(format!("{shape}.png")),
            &format!("{shape}: p99 latency by offered rate"),
            series,
        )?;
    }
    if !product.is_empty() {
        chart(
            &out.join("product-path.png"),
            "Product path: last-member latency by POST rate",
            &product,
        )?;
    }
    Ok(())
}

fn chart(path: &Path, title: &str, series: &Series) -> anyhow::Result<()> {
    let max_x = series.values().flatten().map(|p| p.0).fold(1.0, f64::max);
    let min_x = series.values().flatten().map(|p| p.0).fold(max_x, f64::min);
    let max_y = series.values().flatten().map(|p| p.1).fold(1.0, f64::max);
    let root = BitMapBackend::new(path, (900, 520)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(
            (min_x / 1.5..max_x * 1.5).log_scale(),
            (0.1..max_y * 1.5).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("messages per second")
        .y_desc("milliseconds")
        .draw()?;
    // Tsumugi and the pinned layout in the brand green, the baseline in red, pinned-db in
    // orange, anything else in blue.
    let color_of = |name: &str| match name {
        "tsumugi" => RGBColor(46, 157, 91),
        "node" => RGBColor(217, 83, 79),
        _ if name.contains("(pinned,") => RGBColor(46, 157, 91),
        _ if name.contains("(pinned-db,") => RGBColor(230, 145, 56),
        _ => RGBColor(47, 128, 237),
    };
    for (name, points) in series {
        let color = color_of(name);
        let mut points = points.clone();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        chart
            .draw_series(LineSeries::new(
                points.iter().map(|p| (p.0, p.1.max(0.1))),
                color.stroke_width(2),
            ))?
            .label(name.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart.draw_series(
            points
                .iter()
                .map(|p| Circle::new((p.0, p.1.max(0.1)), 4, color.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
