//! Public tokens of 64-bit IDs, value -> token `String` -> value, next to other crates for the
//! same job and to the cryptographic floor, in one run: `cargo bench` in `benches/compare`, then
//! `python3 ../summary.py tokens tokens_chained` from here.
//!
//! Two ways, as in the main `codecs` bench: `tokens` runs 64 independent values per iteration
//! (the CPU overlaps them), `tokens_chained` makes each input from the previous output (nothing
//! overlaps: what one request that opens a token waits for).

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};
use idcraft::Identity;
use idcraft::public::{AesKey, PublicIdConverter, PublicIds, parse_public};
use std::hint::black_box;
use std::time::Duration;

#[derive(Identity)]
#[id(scheme = "uid64", prefix = "ord")]
struct OrderId(u64);

const BATCH: usize = 64;
const KEY: &str = "k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=";

fn seeds() -> Vec<u64> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..BATCH)
        .map(|_| {
            state = state.wrapping_mul(0x2360_ED05_1FC6_5DA5).wrapping_add(1);
            state >> 1
        })
        .collect()
}

/// Each round trip once per value, the values independent of each other.
fn batch(g: &mut BenchmarkGroup<'_, WallTime>, name: &str, values: &[u64], f: impl Fn(u64) -> u64) {
    g.bench_function(name, |b| {
        b.iter(|| {
            for &v in values {
                black_box(f(black_box(v)));
            }
        })
    });
}

/// Each round trip's input made from the previous one's output.
fn chained(g: &mut BenchmarkGroup<'_, WallTime>, name: &str, values: &[u64], f: impl Fn(u64) -> u64) {
    g.bench_function(name, |b| {
        b.iter(|| {
            let mut x = 0u64;
            for &v in values {
                // Below 2^63 for the crates that take no larger value.
                x = f((x ^ black_box(v)) >> 1);
            }
            x
        })
    });
}

fn tokens(c: &mut Criterion) {
    let values = seeds();
    let aes = {
        use aes::cipher::KeyInit;
        aes::Aes256::new_from_slice(&[0x93u8; 32]).unwrap()
    };
    let typed = PublicIds::new(AesKey::from_base64(KEY).unwrap()).bound_to_types();
    let converter = PublicIdConverter::new(AesKey::from_base64(KEY).unwrap());
    let cryptid = cryptid_rs::Codec::new("ord", &cryptid_rs::Config::new(&[0x93; 32]));
    let sqids = sqids::Sqids::default();
    let floor = |v: u64| {
        use aes::cipher::{BlockDecrypt, BlockEncrypt, generic_array::GenericArray};
        let mut block = GenericArray::from(u128::from(v).to_le_bytes());
        aes.encrypt_block(&mut block);
        aes.decrypt_block(&mut block);
        u128::from_le_bytes(block.into()) as u64
    };
    let typed_token = |v: u64| {
        let token = typed.to_public(&OrderId::from(v)).to_string();
        u64::from(typed.decode_str::<OrderId>(&token).unwrap())
    };
    let compatible_token = |v: u64| {
        let token = idcraft::public::to_base62(converter.encrypt_u64(v));
        converter.decrypt_u64(parse_public(&token).unwrap()).unwrap()
    };
    let cryptid_token = |v: u64| cryptid.decode(&cryptid.encode(v)).unwrap();
    let sqid = |v: u64| sqids.decode(&sqids.encode(&[v]).unwrap())[0];
    macro_rules! group {
        ($name:literal, $run:ident) => {{
            let mut g = c.benchmark_group($name);
            g.throughput(Throughput::Elements(BATCH as u64));
            $run(&mut g, "aes-256 encrypt then decrypt (the floor)", &values, floor);
            $run(&mut g, "idcraft typed token (authenticated, bound to the type)", &values, typed_token);
            $run(&mut g, "idcraft Architect-compatible token", &values, compatible_token);
            $run(&mut g, "cryptid-rs (FF1 + HMAC-SHA256)", &values, cryptid_token);
            $run(&mut g, "sqids (no key)", &values, sqid);
            g.finish();
        }};
    }
    group!("tokens", batch);
    group!("tokens_chained", chained);
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = tokens
}
criterion_main!(benches);
