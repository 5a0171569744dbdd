//! What `ORDER BY id` gave, as the guide states it: `yes` (Rust's `Ord`), `by time only` (in
//! the order of the embedded instants, IDs of one instant not in `Ord`), `only within <window>`
//! (`Ord` among the IDs of one aligned window of time, not across them), `no`, or `refuses
//! some` (the column cannot hold every ID); and the guide's table of them, rendered and read
//! back.

use std::collections::BTreeMap;
use std::fmt;

use super::sample::Row;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Yes,
    /// In the order of the embedded instants, but IDs of one instant not in `Ord`.
    ByTime,
    /// `Ord` within aligned windows of 2^k milliseconds, again and again (not one break).
    Within(u32),
    No,
    /// The column refuses some of the IDs.
    Refuses,
}

/// The windows a byte-permuted millisecond count keeps its order in: two bytes, one byte.
const WINDOWS: [u32; 2] = [16, 8];

impl Verdict {
    /// The verdict on `ranks`, the `Ord` positions of `rows` in the database's `ORDER BY`.
    pub fn of(rows: &[Row], ranks: &[usize]) -> Verdict {
        assert_eq!(ranks.len(), rows.len(), "every row comes back");
        if ranks.windows(2).all(|p| p[0] < p[1]) {
            return Verdict::Yes;
        }
        let millis: BTreeMap<usize, i64> = rows.iter().map(|r| (r.rank, r.millis)).collect();
        if ranks.windows(2).all(|p| millis[&p[0]] <= millis[&p[1]]) {
            return Verdict::ByTime;
        }
        let newest = rows.iter().map(|r| r.millis).max().unwrap_or_default();
        for k in WINDOWS {
            // `Ord` in each window, and not across the windows of the most recent 2^(k+8) ms:
            // a break that recurs, not a one-time change such as a decimal text gaining a
            // digit.
            let recent: Vec<usize> = ranks.iter().copied().filter(|r| newest - millis[r] < 1 << (k + 8)).collect();
            if in_order_within(ranks, &millis, k) && !recent.windows(2).all(|p| p[0] < p[1]) {
                return Verdict::Within(k);
            }
        }
        Verdict::No
    }
}

/// Whether, in each aligned window of 2^k ms, the database's order of its IDs is their `Ord`.
fn in_order_within(ranks: &[usize], millis: &BTreeMap<usize, i64>, k: u32) -> bool {
    let mut last: BTreeMap<i64, usize> = BTreeMap::new();
    ranks.iter().all(|rank| last.insert(millis[rank].div_euclid(1 << k), *rank).is_none_or(|before| before < *rank))
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Yes => f.write_str("yes"),
            Verdict::No => f.write_str("no"),
            Verdict::Refuses => f.write_str("refuses some"),
            Verdict::ByTime => f.write_str("by time only"),
            Verdict::Within(k) => {
                let ms = 1u64 << k;
                if ms < 1000 {
                    write!(f, "only within {ms} ms")
                } else {
                    write!(f, "only within {:.1} s", ms as f64 / 1e3)
                }
            }
        }
    }
}

/// The databases, in the table's column order.
pub const DATABASES: [&str; 3] = ["PostgreSQL", "SQLite", "MariaDB"];

/// Measured cells: (scheme, database) → the column types in order, each with its verdict.
pub type Matrix = BTreeMap<(String, String), Vec<(String, Verdict)>>;

/// One cell as the guide writes it: "`uuid` yes; `text` no".
pub fn cell(entries: &[(String, Verdict)]) -> String {
    entries.iter().map(|(column, verdict)| format!("`{column}` {verdict}")).collect::<Vec<_>>().join("; ")
}

/// The guide's table for `schemes` (in this order), from the measured cells.
pub fn render(schemes: &[&str], matrix: &Matrix) -> String {
    let mut out = format!("| scheme | {} |\n|---|---|---|---|\n", DATABASES.join(" | "));
    for scheme in schemes {
        let cells: Vec<String> = DATABASES
            .iter()
            .map(|db| matrix.get(&(scheme.to_string(), db.to_string())).map_or("—".into(), |e| cell(e)))
            .collect();
        out.push_str(&format!("| `{scheme}` | {} |\n", cells.join(" | ")));
    }
    out
}

/// The table under `heading` in `markdown`: (scheme, database) → its cell's text.
pub fn read_table(markdown: &str, heading: &str) -> BTreeMap<(String, String), String> {
    let start = markdown.find(heading).unwrap_or_else(|| panic!("no {heading:?} in the guide"));
    let lines = markdown[start..].lines().skip_while(|l| !l.starts_with("| scheme |"));
    let mut cells = BTreeMap::new();
    let mut header: Vec<String> = Vec::new();
    for line in lines.take_while(|l| l.starts_with('|')) {
        let parts: Vec<String> = line.trim_matches('|').split(" | ").map(|c| c.trim().to_owned()).collect();
        if header.is_empty() {
            header = parts;
        } else if !parts[0].starts_with("---") {
            let scheme = parts[0].trim_matches('`').to_owned();
            for (db, text) in header.iter().skip(1).zip(parts.iter().skip(1)) {
                cells.insert((scheme.clone(), db.clone()), text.clone());
            }
        }
    }
    cells
}
