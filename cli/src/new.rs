//! `idcraft new <SCHEME>`.

use crate::NewArgs;
use crate::output::{Failure, Output};
use idcraft::schemes::comb::{Binary, Legacy, PostgreSql, SqlServer};
use idcraft::schemes::sno::{GeneratorSnapshot, SnoGenerator};
use idcraft::schemes::{
    Comb, CombLayout, DistributedId, DistributedId128, DistributedId128Generator, DistributedIdGenerator, HotGuid,
    Uid64, Uid96, node_hash,
};
use idcraft::{Generate, ManualClock, OsRandom, RandomSource, Scheme, Timestamp, Uuid};
use std::time::Duration;

/// An option's value parsed as `T`, with the option's name and what it expects in the error.
fn parsed<T: std::str::FromStr>(name: &str, value: Option<&str>, what: &str) -> Result<Option<T>, Failure>
where
    T::Err: std::fmt::Display,
{
    value
        .map(|v| v.parse::<T>().map_err(|e| Failure::from(format!("--{name} {v:?}: expected {what} ({e})"))))
        .transpose()
}

/// Prints `--count` IDs as they are made: memory stays constant for any count.
pub fn run(args: &NewArgs, out: &mut Output) -> Result<(), Failure> {
    let scheme = &args.scheme;
    let count = args.count;
    let time: Option<Timestamp> =
        parsed("time", args.time.as_deref(), "an RFC 3339 time like 2024-03-21T04:19:11.304Z")?;
    let given = [
        ("base", args.base.is_some()),
        ("shard", args.shard.is_some()),
        ("meta", args.meta.is_some()),
        ("partition", args.partition.is_some()),
        ("node", args.node.is_some()),
    ];
    let allowed: &[&str] = match scheme.as_str() {
        "comb_sql" | "comb_pg" | "comb_legacy" | "comb_binary" => &["base"],
        "hot" => &["shard"],
        "sno" => &["meta", "partition"],
        "uid96" => &["node"],
        _ => &[],
    };
    if let Some((extra, _)) = given.iter().find(|(name, set)| *set && !allowed.contains(name)) {
        return Err(format!("--{extra} does not apply to scheme {scheme}").into());
    }
    let error = |e: idcraft::GenerateError| Failure::from(e.to_string());
    match scheme.as_str() {
        "comb_sql" => combs::<SqlServer>(args, time, count, out),
        "comb_pg" => combs::<PostgreSql>(args, time, count, out),
        "comb_legacy" => combs::<Legacy>(args, time, count, out),
        "comb_binary" => combs::<Binary>(args, time, count, out),
        "hot" => {
            let shard: u32 = parsed("shard", args.shard.as_deref(), "a u32 shard key")?.unwrap_or(0);
            let generator = HotGuid::default_generator();
            repeat(count, out, || match time {
                Some(t) => generator.try_generate_at(shard, t).map_err(error),
                None => generator.generate(shard).map_err(error),
            })
        }
        "distributed" => match time {
            // The embedded time is the clock minus the 1 s leeway: set the clock so it is `t`.
            Some(t) => {
                let clock = ManualClock::new(t.checked_add(Duration::from_secs(1)).ok_or("--time out of range")?);
                many(&DistributedIdGenerator::with(&clock, OsRandom), (), count, out)
            }
            None => many(DistributedId::default_generator(), (), count, out),
        },
        "distributed128" => match time {
            Some(t) => many(&DistributedId128Generator::with(ManualClock::new(t), OsRandom), (), count, out),
            None => many(DistributedId128::default_generator(), (), count, out),
        },
        "sno" => {
            let meta: u8 = parsed("meta", args.meta.as_deref(), "a metabyte 0..=255")?.unwrap_or(0);
            let partition: Option<u16> = parsed("partition", args.partition.as_deref(), "a partition 0..=65535")?;
            let generator = match partition {
                Some(p) => SnoGenerator::from_snapshot(
                    idcraft::CoarseClock,
                    &GeneratorSnapshot { partition: p.to_be_bytes(), ..GeneratorSnapshot::default() },
                )
                .map_err(|e| e.to_string())?,
                None => SnoGenerator::new().map_err(|e| e.to_string())?,
            };
            repeat(count, out, || match time {
                Some(t) => generator.try_generate_at(meta, t).map_err(error),
                None => generator.generate(meta).map_err(error),
            })
        }
        "uid64" => match time {
            Some(t) => repeat(count, out, || Uid64::default_generator().try_generate_at(t).map_err(error)),
            None => many(Uid64::default_generator(), (), count, out),
        },
        "uid96" => {
            let node = args.node.as_deref().map(node_hash);
            repeat(count, out, || match time {
                Some(t) => {
                    let local = Uid64::default_generator().try_generate_at(t).map_err(error)?;
                    let node = node.unwrap_or_else(|| Uid96::default_generator().node());
                    Ok(Uid96::from_global(local.to_global(node)))
                }
                None => Uid96::default_generator().generate(node).map_err(error),
            })
        }
        other => Err(format!("unknown scheme {other:?}; {}", crate::inspect::scheme_list()).into()),
    }
}

/// Writes `count` values of `make`, one per line, stopping at the first error.
fn repeat<T: core::fmt::Display>(
    count: u64,
    out: &mut Output,
    mut make: impl FnMut() -> Result<T, Failure>,
) -> Result<(), Failure> {
    for _ in 0..count {
        out.line(make()?)?;
    }
    Ok(())
}

fn many<S: Scheme, G: Generate<S> + ?Sized>(
    generator: &G,
    input: S::Input,
    count: u64,
    out: &mut Output,
) -> Result<(), Failure> {
    repeat(count, out, || generator.generate(input).map_err(|e| e.to_string().into()))
}

fn combs<L: CombLayout>(args: &NewArgs, time: Option<Timestamp>, count: u64, out: &mut Output) -> Result<(), Failure> {
    let base: Option<Uuid> = parsed("base", args.base.as_deref(), "a UUID like 00112233-4455-4677-8899-aabbccddeeff")?;
    if base.is_some() && time.is_none() {
        return Err("--base needs --time (the clock's COMBs use the monotonic generator)".into());
    }
    match time {
        Some(t) => repeat(count, out, || {
            Comb::<L>::create(base.unwrap_or_else(random_v4), t).map_err(|e| e.to_string().into())
        }),
        None => many(L::default_generator(), (), count, out),
    }
}

fn random_v4() -> Uuid {
    let mut b = [0u8; 16];
    OsRandom.fill_bytes(&mut b);
    uuid::Builder::from_random_bytes(b).into_uuid()
}
