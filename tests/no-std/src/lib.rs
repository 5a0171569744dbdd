//! Every scheme family of idcraft-core without `std`: generation on an injected clock and
//! random source, text out and back, field access and order.
#![no_std]

extern crate alloc;

use alloc::string::String;
use core::fmt::Write;
use idcraft_core::scheme::{
    CombGenerator, CombPg, CombSql, Cuid2, Cuid2Generator, DistributedId, DistributedId128, DistributedId128Generator,
    DistributedIdGenerator, HotGuid, HotGuidGenerator, InstagramId, Nanoid, NanoidGenerator, Sno, SnoGenerator,
    SnowflakeGenerator, TwitterSnowflake, Uid64, UidGenerator, Ulid, UlidGenerator, Uuid7, Uuid7Generator,
};
use idcraft_core::{Generate, ManualClock, Scheme, SeededRandom, Timestamp};

/// 2026-11-26T00:00:00Z, inside every layout's range.
pub const START_MS: i64 = 1_795_651_200_000;

/// Makes two IDs one millisecond apart with `generator`, prints and parses them, and checks
/// that they come back equal, in order, with the clock's time (to the layout's unit).
pub fn check<S: Scheme>(
    generator: &impl Generate<S>,
    clock: &ManualClock,
    input: S::Input,
) -> Result<(), &'static str> {
    let first = generator.generate(input).map_err(|_| "generate")?;
    clock.advance(core::time::Duration::from_millis(1));
    let second = generator.generate(input).map_err(|_| "generate")?;
    if second <= first {
        return Err("order");
    }
    for id in [first, second] {
        round_trip(&id)?;
        let embedded = id.timestamp().unix_millis();
        if (embedded - START_MS).abs() > 1_000 {
            return Err("timestamp");
        }
    }
    Ok(())
}

/// Prints `id` and parses it back to the same ID.
fn round_trip<S: Scheme>(id: &S) -> Result<(), &'static str> {
    let mut text = String::new();
    write!(text, "{id}").map_err(|_| "format")?;
    if text.parse::<S>().map_err(|_| "parse")? != *id {
        return Err("round trip");
    }
    Ok(())
}

/// The random text schemes: two IDs differ, print and parse back; they hold no time.
pub fn check_untimed<S: Scheme<Input = ()>>(generator: &impl Generate<S>) -> Result<(), &'static str> {
    let (first, second) = (generator.generate(()), generator.generate(()));
    let (first, second) = (first.map_err(|_| "generate")?, second.map_err(|_| "generate")?);
    if first == second || S::TIMED {
        return Err("random");
    }
    for id in [first, second] {
        round_trip(&id)?;
    }
    Ok(())
}

fn clock() -> ManualClock {
    ManualClock::new(Timestamp::from_unix_millis(START_MS))
}

/// Each family in turn; the first failure names the scheme and the step.
pub fn check_all() -> Result<(), (&'static str, &'static str)> {
    macro_rules! each {
        ($($scheme:ty => |$c:ident| $make:expr, $input:expr;)+) => {$({
            let clock = clock();
            let $c = &clock;
            let generator = $make;
            check::<$scheme>(&generator, &clock, $input).map_err(|step| (<$scheme as Scheme>::NAME, step))?;
        })+};
    }
    each! {
        CombPg => |c| CombGenerator::<_, _, _>::with(c, SeededRandom::new(1)), ();
        CombSql => |c| CombGenerator::<_, _, _>::with(c, SeededRandom::new(2)), ();
        HotGuid => |c| HotGuidGenerator::with(c, [1, 2, 3, 4, 5], &SeededRandom::new(3)), 7;
        DistributedId => |c| DistributedIdGenerator::with(c, SeededRandom::new(4)), ();
        DistributedId128 => |c| DistributedId128Generator::with(c, SeededRandom::new(5)), ();
        Sno => |c| SnoGenerator::with_partition(c, 42), 0;
        Uid64 => |c| UidGenerator::with(c), ();
        Uuid7 => |c| Uuid7Generator::with(c, SeededRandom::new(6)), ();
        Ulid => |c| UlidGenerator::with(c, SeededRandom::new(7)), ();
        TwitterSnowflake => |c| SnowflakeGenerator::with(c, 3).map_err(|_| ("twitter_snowflake", "node"))?, ();
        InstagramId => |c| SnowflakeGenerator::with(c, 3).map_err(|_| ("instagram_id", "node"))?, ();
    }
    check_untimed::<Nanoid>(&NanoidGenerator::with(SeededRandom::new(8))).map_err(|step| ("nanoid", step))?;
    check_untimed::<Cuid2>(&Cuid2Generator::with(clock(), SeededRandom::new(9))).map_err(|step| ("cuid2", step))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::collections::BTreeSet;
    use std::vec::Vec;

    #[test]
    fn every_family_works_without_std() {
        assert_eq!(check_all(), Ok(()));
    }

    /// Threads sharing one generator: the spin lock (uuid7) and the lock-free word (sno) hand
    /// out every ID once.
    #[test]
    fn threads_share_generators_without_std() {
        let per_thread = if cfg!(miri) { 20 } else { 20_000 };
        let clock = clock();
        let uuid7 = Uuid7Generator::with(&clock, SeededRandom::new(9));
        let sno = SnoGenerator::with_partition(&clock, 1);
        let (uuids, snos) = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        let mut made = (Vec::new(), Vec::new());
                        for _ in 0..per_thread {
                            made.0.push(uuid7.generate(()).unwrap());
                            made.1.push(sno.generate(0).unwrap());
                        }
                        made
                    })
                })
                .collect();
            let mut all = (BTreeSet::new(), BTreeSet::new());
            for handle in handles {
                let (u, s) = handle.join().unwrap();
                all.0.extend(u);
                all.1.extend(s);
            }
            all
        });
        assert_eq!((uuids.len(), snos.len()), (4 * per_thread, 4 * per_thread));
    }
}
