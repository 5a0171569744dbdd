//! Each scheme's IDs for the order matrix: made from 2016 to now, across milliseconds and
//! within one, numbered in Rust's `Ord`, with the value every database receives.

use idcraft::db::{DbColumn, DbValue, Dialect};
use idcraft::schemes::describe::Describe;
use idcraft::schemes::shape::{Kind, Shape};
use idcraft::schemes::{IdBytes, Visitor, visit};
use idcraft::{Encoding, Generate, Timestamp};
use std::time::{Duration, SystemTime};

/// One ID as each database receives it.
pub struct Row {
    /// Its position in Rust's `Ord` over the scheme's sample.
    pub rank: usize,
    /// The embedded instant, in milliseconds.
    pub millis: i64,
    pub postgres: DbValue,
    pub sqlite: DbValue,
    pub mysql: DbValue,
    /// The whole number of a `NUMERIC` column, for shapes that have that form.
    pub numeric: Option<u128>,
    /// The canonical text.
    pub text: String,
}

/// A scheme's sample.
pub struct Sample {
    pub scheme: &'static str,
    pub kind: Kind,
    pub rows: Vec<Row>,
}

/// The first instant of the sample: IDs of the last ten years.
pub const SINCE: Timestamp = Timestamp::from_ymd(2016, 1, 1);

/// Every registered scheme's sample. Schemes may share a generator (uid64 and uid96 do), and a
/// generator takes given instants only from where it is: every scheme's IDs at each instant are
/// made before any scheme's at the next, and the clock's come last.
pub fn all() -> Vec<Sample> {
    let names = idcraft::schemes::NAMES;
    let mut made: Vec<Vec<IdBytes>> = vec![Vec::new(); names.len()];
    for t in instants() {
        for (name, ids) in names.iter().zip(&mut made) {
            ids.extend(visit(name, At(t)).expect("a registered scheme"));
        }
    }
    // The clock's IDs in short bursts a few milliseconds apart (many units, each with fresh
    // random bits), then in one long burst, whose IDs share units and carry their sequences
    // across byte boundaries.
    for _ in 0..100 {
        for (name, ids) in names.iter().zip(&mut made) {
            ids.extend(visit(name, Burst(4)).expect("a registered scheme"));
        }
        std::thread::sleep(Duration::from_micros(1500));
    }
    for (name, ids) in names.iter().zip(&mut made) {
        ids.extend(visit(name, Burst(1000)).expect("a registered scheme"));
    }
    names.iter().zip(made).map(|(name, ids)| visit(name, Finish(ids)).expect("a registered scheme")).collect()
}

/// The instants IDs are made at: 1 ms to decades before now at every power-of-two distance
/// (and one more millisecond), spread over the ten years by a fixed sequence, and each new
/// year's day; in time order.
fn instants() -> Vec<Timestamp> {
    let now = Timestamp::from_system_time(SystemTime::now() - Duration::from_secs(5));
    let mut instants: Vec<Timestamp> = (0..38).map(|j| sub_ms(now, 1 << j)).collect();
    instants.extend((0..38).map(|j| sub_ms(now, (1 << j) + 1)));
    let span = (now.unix_millis() - SINCE.unix_millis()) as u64;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    instants.extend((0..60).map(|_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        Timestamp::from_unix_millis(SINCE.unix_millis() + (state % span) as i64)
    }));
    // And every new year's day since 2016, the same ones every run.
    instants.extend((2016..2100).map(|y| Timestamp::from_ymd(y, 1, 1)).take_while(|t| *t < now));
    instants.retain(|t| *t >= SINCE);
    instants.sort();
    instants
}

fn sub_ms(t: Timestamp, ms: u64) -> Timestamp {
    Timestamp::from_unix_millis(t.unix_millis() - ms as i64)
}

/// Three IDs at an instant, from the scheme's default generator (none where the layout cannot
/// hold it).
struct At(Timestamp);

impl Visitor for At {
    type Output = Vec<IdBytes>;

    fn visit<S: Describe>(self) -> Vec<IdBytes> {
        let generator = S::default_generator();
        (0..3).filter_map(|_| generator.generate_at(S::Input::default(), self.0).ok()).map(|id| id.to_bytes()).collect()
    }
}

/// IDs from the clock, in generation order, which is `Ord` across units (within one, KSUID's
/// is its random payload's).
struct Burst(usize);

impl Visitor for Burst {
    type Output = Vec<IdBytes>;

    fn visit<S: Describe>(self) -> Vec<IdBytes> {
        let generator = S::default_generator();
        let ids: Vec<S> = (0..self.0).map(|_| generator.generate(S::Input::default()).unwrap()).collect();
        let ordered = ids.windows(2).all(|p| p[0] < p[1] || p[0].timestamp() == p[1].timestamp());
        assert!(ordered, "{}: generation order is not Ord: {ids:?}", S::NAME);
        ids.iter().map(|id| id.to_bytes()).collect()
    }
}

/// The sample of the IDs made: sorted by `Ord`, numbered, with each database's value.
struct Finish(Vec<IdBytes>);

impl Visitor for Finish {
    type Output = Sample;

    fn visit<S: Describe>(self) -> Sample {
        let mut ids: Vec<S> = self.0.iter().map(|b| S::from_bytes(b).unwrap()).collect();
        assert!(ids.len() > 600, "{}: {} IDs made", S::NAME, ids.len());
        ids.sort();
        ids.dedup();
        // Time-ordered: across units, Rust's order is the order of the embedded instants.
        for pair in ids.windows(2) {
            assert!(pair[0].timestamp() <= pair[1].timestamp(), "{}: Ord is not time order: {pair:?}", S::NAME);
        }
        let rows: Vec<Row> = ids
            .iter()
            .enumerate()
            .map(|(rank, id)| Row {
                rank,
                millis: id.timestamp().unix_millis(),
                postgres: id.to_db(Dialect::Postgres),
                sqlite: id.to_db(Dialect::Sqlite),
                mysql: id.to_db(Dialect::Mysql),
                numeric: id.to_numeric(),
                text: id.encode(Encoding::Canonical).expect("a canonical text").to_string(),
            })
            .collect();
        Sample { scheme: S::NAME, kind: <S::Shape as Shape>::KIND, rows }
    }
}
