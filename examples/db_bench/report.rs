//! Medians, ratios against `uuid_v4` and the chart.

use super::{Run, all_schemes};
use std::collections::BTreeMap;
use std::fmt::Write as _;

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}

pub struct Summary {
    pub database: &'static str,
    pub scheme: String,
    pub seconds: f64,
    pub metrics: BTreeMap<&'static str, f64>,
    pub time_ratio: f64,
    pub bytes_ratio: f64,
}

pub fn summarise(database: &'static str, runs: &BTreeMap<String, Vec<Run>>, key_metric: &'static str) -> Vec<Summary> {
    // Ratios per round against that round's uuid_v4, then the median over rounds.
    let base = &runs["uuid_v4"];
    let mut out: Vec<Summary> = runs
        .iter()
        .map(|(scheme, rs)| {
            let time_ratio = median(rs.iter().zip(base).map(|(r, b)| r.seconds / b.seconds).collect());
            let bytes_ratio = median(
                rs.iter().zip(base).map(|(r, b)| r.metrics[key_metric] / b.metrics[key_metric].max(1.0)).collect(),
            );
            let metrics = r_median(rs);
            Summary {
                database,
                scheme: scheme.clone(),
                seconds: median(rs.iter().map(|r| r.seconds).collect()),
                metrics,
                time_ratio,
                bytes_ratio,
            }
        })
        .collect();
    let order = all_schemes();
    out.sort_by_key(|s| order.iter().position(|a| *a == s.scheme));
    out
}

fn r_median(rs: &[Run]) -> BTreeMap<&'static str, f64> {
    rs[0].metrics.keys().map(|k| (*k, median(rs.iter().map(|r| r.metrics[k]).collect()))).collect()
}

pub fn svg(summaries: &[Summary], rows: usize, key_names: &BTreeMap<&str, &str>) -> String {
    let bar_h = 9.0;
    let group_h = 3.0 * bar_h + 10.0;
    let width = 860.0;
    let left = 190.0;
    let scale = |r: f64| (r.max(1e-3).log10() + 2.5) / 3.5 * (width - left - 40.0);
    let height = 70.0 + group_h * summaries.len() as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(
        s,
        r#"<text x="10" y="18" font-size="14">Insert cost vs uuid_v4, same run ({rows} rows; log scale; shorter is better)</text>"#
    );
    let _ = writeln!(
        s,
        r##"<rect x="10" y="28" width="10" height="8" fill="#4477aa"/><text x="24" y="36">time</text><rect x="70" y="28" width="10" height="8" fill="#ee6677"/><text x="84" y="36">bytes written / WAL</text><rect x="200" y="28" width="10" height="8" fill="#228833"/><text x="214" y="36">index or file size</text>"##
    );
    let x1 = left + scale(1.0);
    let _ = writeln!(
        s,
        r#"<line x1="{x1}" y1="44" x2="{x1}" y2="{}" stroke="black" stroke-dasharray="3,3"/><text x="{}" y="{}">1×</text>"#,
        height - 8.0,
        x1 + 3.0,
        height - 10.0
    );
    for (i, sm) in summaries.iter().enumerate() {
        let y = 50.0 + group_h * i as f64;
        let _ = writeln!(s, r#"<text x="10" y="{}">{} {}</text>"#, y + 1.5 * bar_h + 4.0, sm.database, sm.scheme);
        let size_key = key_names[sm.database];
        let base = summaries.iter().find(|b| b.database == sm.database && b.scheme == "uuid_v4").expect("uuid_v4");
        let size_ratio = sm.metrics[size_key] / base.metrics[size_key].max(1.0);
        for (k, (ratio, color)) in
            [(sm.time_ratio, "#4477aa"), (sm.bytes_ratio, "#ee6677"), (size_ratio, "#228833")].iter().enumerate()
        {
            let by = y + k as f64 * bar_h;
            let w = scale(*ratio);
            let _ = writeln!(
                s,
                r#"<rect x="{left}" y="{by}" width="{w:.1}" height="{}" fill="{color}"/><text x="{:.1}" y="{}">{ratio:.2}×</text>"#,
                bar_h - 1.0,
                left + w + 3.0,
                by + bar_h - 1.5
            );
        }
    }
    s.push_str("</svg>\n");
    s
}
