//! `idcraft new <SCHEME>`.

use crate::args::Args;
use idcraft::schemes::comb::{Binary, Legacy, PostgreSql, SqlServer};
use idcraft::schemes::sno::{GeneratorSnapshot, SnoGenerator};
use idcraft::schemes::{
    Comb, CombLayout, DistributedId, DistributedId128, DistributedId128Generator, DistributedIdGenerator, HotGuid, Sno,
    Uid64, Uid96, node_hash,
};
use idcraft::{Generate, ManualClock, OsRandom, RandomSource, Scheme, Timestamp, Uuid};
use std::time::Duration;

const OPTIONS: &[&str] = &["count", "time", "base", "shard", "meta", "partition", "node"];

pub fn run(raw: &[String]) -> Result<Vec<String>, String> {
    let args = Args::parse(raw, OPTIONS, &[])?;
    let [scheme] = args.positionals.as_slice() else {
        return Err("`new` takes exactly one scheme, e.g. `idcraft new comb_pg`".to_owned());
    };
    let count: usize = args.parsed("count", "a whole number")?.unwrap_or(1);
    let time: Option<Timestamp> = args.parsed("time", "an RFC 3339 time like 2024-03-21T04:19:11.304Z")?;
    let allowed: &[&str] = match scheme.as_str() {
        "comb_sql" | "comb_pg" | "comb_legacy" | "comb_binary" => &["count", "time", "base"],
        "hot" => &["count", "time", "shard"],
        "sno" => &["count", "time", "meta", "partition"],
        "uid96" => &["count", "time", "node"],
        _ => &["count", "time"],
    };
    if let Some(extra) = OPTIONS.iter().find(|o| args.get(o).is_some() && !allowed.contains(o)) {
        return Err(format!("--{extra} does not apply to scheme {scheme}"));
    }
    let mut lines = Vec::with_capacity(count);
    match scheme.as_str() {
        "comb_sql" => combs::<SqlServer>(&args, time, count, &mut lines)?,
        "comb_pg" => combs::<PostgreSql>(&args, time, count, &mut lines)?,
        "comb_legacy" => combs::<Legacy>(&args, time, count, &mut lines)?,
        "comb_binary" => combs::<Binary>(&args, time, count, &mut lines)?,
        "hot" => {
            let shard: u32 = args.parsed("shard", "a u32 shard key")?.unwrap_or(0);
            let generator = HotGuid::default_generator();
            for _ in 0..count {
                let id = match time {
                    Some(t) => generator.generate_at(shard, t),
                    None => HotGuid::now(shard),
                };
                lines.push(id.to_string());
            }
        }
        "distributed" => match time {
            // The embedded time is the clock minus the 1 s leeway: set the clock so it is `t`.
            Some(t) => {
                let clock = ManualClock::new(t.checked_add(Duration::from_secs(1)).ok_or("--time out of range")?);
                many(&DistributedIdGenerator::with(&clock, OsRandom), (), count, &mut lines)?;
            }
            None => many(DistributedId::default_generator(), (), count, &mut lines)?,
        },
        "distributed128" => match time {
            Some(t) => many(&DistributedId128Generator::with(ManualClock::new(t), OsRandom), (), count, &mut lines)?,
            None => many(DistributedId128::default_generator(), (), count, &mut lines)?,
        },
        "sno" => {
            let meta: u8 = args.parsed("meta", "a metabyte 0..=255")?.unwrap_or(0);
            let partition: Option<u16> = args.parsed("partition", "a partition 0..=65535")?;
            let generator = match partition {
                Some(p) => SnoGenerator::from_snapshot(
                    idcraft::CoarseClock,
                    &GeneratorSnapshot { partition: p.to_be_bytes(), ..GeneratorSnapshot::default() },
                )
                .map_err(|e| e.to_string())?,
                None => SnoGenerator::new().map_err(|e| e.to_string())?,
            };
            for _ in 0..count {
                let id: Sno = match time {
                    Some(t) => generator.generate_at(meta, t),
                    None => generator.generate(meta).map_err(|e| e.to_string())?,
                };
                lines.push(id.to_string());
            }
        }
        "uid64" => match time {
            Some(t) => (0..count).for_each(|_| lines.push(Uid64::default_generator().generate_at(t).to_string())),
            None => many(Uid64::default_generator(), (), count, &mut lines)?,
        },
        "uid96" => {
            let node = args.get("node").map(node_hash);
            for _ in 0..count {
                let id = match time {
                    Some(t) => {
                        let local = Uid64::default_generator().generate_at(t);
                        let node = node.unwrap_or_else(|| Uid96::default_generator().node());
                        Uid96::from_global(local.to_global(node))
                    }
                    None => Uid96::default_generator().generate(node).map_err(|e| e.to_string())?,
                };
                lines.push(id.to_string());
            }
        }
        other => return Err(format!("unknown scheme {other:?}; {}", crate::inspect::scheme_list())),
    }
    Ok(lines)
}

fn many<S: Scheme, G: Generate<S> + ?Sized>(
    generator: &G,
    input: S::Input,
    count: usize,
    lines: &mut Vec<String>,
) -> Result<(), String> {
    for _ in 0..count {
        lines.push(generator.generate(input).map_err(|e| e.to_string())?.to_string());
    }
    Ok(())
}

fn combs<L: CombLayout>(
    args: &Args,
    time: Option<Timestamp>,
    count: usize,
    lines: &mut Vec<String>,
) -> Result<(), String> {
    let base: Option<Uuid> = args.parsed("base", "a UUID like 00112233-4455-4677-8899-aabbccddeeff")?;
    if base.is_some() && time.is_none() {
        return Err("--base needs --time (the clock's COMBs use the monotonic generator)".to_owned());
    }
    match time {
        Some(t) => {
            for _ in 0..count {
                let base = base.unwrap_or_else(random_v4);
                lines.push(Comb::<L>::create(base, t).map_err(|e| e.to_string())?.to_string());
            }
            Ok(())
        }
        None => many(L::default_generator(), (), count, lines),
    }
}

fn random_v4() -> Uuid {
    let mut b = [0u8; 16];
    OsRandom.fill_bytes(&mut b);
    uuid::Builder::from_random_bytes(b).into_uuid()
}
