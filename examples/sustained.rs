//! Sustained generation rate of each default generator against the real clock, next to the
//! cap its layout sets: `cargo run --release --example sustained [seconds]`.
//!
//! One thread makes IDs flat out for the given time (default 1 s) per scheme. The benches in
//! `benches/generate.rs` measure per-call cost below the cap instead.

use idcraft::schemes::comb::{Legacy, PostgreSql, SqlServer};
use idcraft::schemes::{
    CombLayout, DiscordSnowflake, DistributedId, DistributedId128, HotGuid, InstagramId, Scheme, Sno, Sonyflake,
    TwitterSnowflake, Uid64, Uid96,
};
use idcraft::{Generate, Identity};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Twitter's widths declared in the attribute: the same generator code as `twitter_snowflake`.
#[derive(Identity)]
#[id(scheme = "snowflake", epoch = "2025-01-01T00:00:00Z", unit = "1ms")]
#[id(time_bits = 41, node_bits = 10, sequence_bits = 12)]
struct DeclaredTwitter(u64);

fn run<S: Scheme>(input: S::Input, seconds: f64, cap: Option<f64>) {
    let generator = S::default_generator();
    let deadline = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < deadline {
        for _ in 0..256 {
            black_box(generator.generate(input).expect("generate"));
        }
        n += 256;
    }
    let rate = n as f64 / start.elapsed().as_secs_f64();
    let cap_text =
        cap.map(|c| format!("{:>8.2} M/s cap, {:>5.1} % of it", c / 1e6, rate / c * 100.0)).unwrap_or_default();
    println!("| {:<15} | {:>8.2} M/s | {cap_text} |", S::NAME, rate / 1e6);
}

fn comb<L: CombLayout>(seconds: f64) {
    run::<idcraft::schemes::Comb<L>>((), seconds, None);
}

fn main() {
    let seconds: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    println!("| scheme | sustained, 1 thread | layout cap |");
    println!("|---|---|---|");
    comb::<SqlServer>(seconds);
    comb::<PostgreSql>(seconds);
    comb::<Legacy>(seconds);
    run::<HotGuid>(7, seconds, Some(16_777_216.0));
    run::<DistributedId>((), seconds, Some(128_000.0));
    run::<DistributedId128>((), seconds, None);
    run::<Sno>(0, seconds, Some(65_536.0 / 0.004));
    run::<Uid64>((), seconds, Some(16_384.0 / 0.001_024));
    run::<Uid96>(None, seconds, Some(16_384.0 / 0.001_024));
    run::<TwitterSnowflake>((), seconds, Some(4_096_000.0));
    run::<<DeclaredTwitter as Identity>::Scheme>((), seconds, Some(4_096_000.0));
    run::<DiscordSnowflake>((), seconds, Some(4_096_000.0));
    run::<InstagramId>((), seconds, Some(1_024_000.0));
    run::<Sonyflake>((), seconds, Some(25_600.0));
}
