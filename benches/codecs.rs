//! Text codecs and public tokens, next to `uuid` formatting/parsing, `ulid` and a bare AES block
//! in the same run. Every idcraft codec here writes into a stack buffer (no allocation).
//!
//! Each iteration handles a batch of 64 different values (criterion reports elements/s), so
//! the harness's own per-iteration cost (~5 ns on a 2-vCPU VM) does not swamp functions that
//! take a few nanoseconds. The same batching applies to the `uuid` and `ulid` baselines.

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main, measurement::WallTime};
use idcraft::Identity;
use idcraft::codec::{base62, base64, crockford, decimal, hex, sno32};
use idcraft::public::{AesKey, PublicIdConverter, PublicIds, parse_public, to_base62};
use std::hint::black_box;
use std::time::Duration;

const BATCH: usize = 64;

fn batch<T, R>(g: &mut BenchmarkGroup<'_, WallTime>, name: &str, inputs: &[T], f: impl Fn(&T) -> R) {
    g.bench_function(name, |b| {
        b.iter(|| {
            for input in inputs {
                black_box(f(black_box(input)));
            }
        })
    });
}

fn values() -> Vec<u128> {
    let mut state = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
    (0..BATCH)
        .map(|_| {
            state = state.wrapping_mul(0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645).wrapping_add(1);
            state
        })
        .collect()
}

fn codecs(c: &mut Criterion) {
    let vals = values();
    let uuids: Vec<uuid::Uuid> = vals.iter().map(|&v| uuid::Uuid::from_u128(v)).collect();
    let uuid_texts: Vec<String> = uuids.iter().map(ToString::to_string).collect();
    let ulids: Vec<ulid::Ulid> = vals.iter().map(|&v| ulid::Ulid(v)).collect();
    let ulid_texts: Vec<String> = ulids.iter().map(ToString::to_string).collect();
    let b62_texts: Vec<String> = vals.iter().map(|&v| base62::encode_u128(v).to_string()).collect();
    let decimals: Vec<u128> = vals.iter().map(|v| v % (decimal::MAX + 1)).collect();
    let dec_texts: Vec<String> = decimals.iter().map(|&v| decimal::to_base62(v).to_string()).collect();
    let snos: Vec<[u8; 10]> = vals.iter().map(|v| v.to_be_bytes()[..10].try_into().unwrap()).collect();
    let sno_texts: Vec<String> = snos.iter().map(|s| sno32::encode(s).to_string()).collect();
    let uids: Vec<[u8; 12]> = vals.iter().map(|v| v.to_be_bytes()[..12].try_into().unwrap()).collect();
    let uid_texts: Vec<String> = uids.iter().map(|u| base64::encode(u, base64::Flavour::Ordered).to_string()).collect();

    let mut g = c.benchmark_group("codec");
    g.throughput(Throughput::Elements(BATCH as u64));
    batch(&mut g, "uuid hyphenated encode (uuid crate)", &uuids, |u| {
        let mut buf = [0u8; 36];
        u.hyphenated().encode_lower(&mut buf);
        buf
    });
    batch(&mut g, "uuid hyphenated encode (idcraft)", &uuids, |u| hex::encode_uuid(u.as_bytes()));
    batch(&mut g, "uuid parse (uuid crate)", &uuid_texts, |t| uuid::Uuid::parse_str(t));
    batch(&mut g, "uuid parse (idcraft)", &uuid_texts, |t| hex::decode_uuid(t));
    batch(&mut g, "ulid encode 26 chars (ulid crate)", &ulids, |u| {
        let mut buf = [0u8; 26];
        u.array_to_str(&mut buf);
        buf
    });
    batch(&mut g, "ulid decode 26 chars (ulid crate)", &ulid_texts, |t| ulid::Ulid::from_string(t));
    batch(&mut g, "ulid encode 26 chars (idcraft)", &vals, |&v| crockford::encode_u128(v, true));
    batch(&mut g, "ulid decode 26 chars (idcraft)", &ulid_texts, |t| {
        crockford::decode_u128(t, crockford::Case::Either)
    });
    batch(&mut g, "base62 encode 22 chars", &vals, |&v| base62::encode_u128(v));
    batch(&mut g, "base62 decode 22 chars", &b62_texts, |t| base62::decode_u128(t));
    let digit_texts: Vec<String> = decimals.iter().map(u128::to_string).collect();
    batch(&mut g, "decimal encode 28 digits (decimal id)", &decimals, |&v| decimal::to_digits(v));
    batch(&mut g, "decimal decode 28 digits (decimal id)", &digit_texts, |t| decimal::from_digits(t, 28));
    batch(&mut g, "base62 encode 16 chars (decimal id)", &decimals, |&v| decimal::to_base62(v));
    batch(&mut g, "base62 decode 16 chars (decimal id)", &dec_texts, |t| decimal::from_base62(t));
    // What the batch loop itself costs per value (input and output through `black_box`).
    batch(&mut g, "identity 10 bytes (harness overhead)", &snos, |s| *s);
    batch(&mut g, "sno32 encode", &snos, sno32::encode);
    batch(&mut g, "sno32 decode", &sno_texts, |t| sno32::decode(t));
    batch(&mut g, "uid96 base64 encode", &uids, |u| base64::encode(u, base64::Flavour::Ordered));
    batch(&mut g, "uid96 base64 decode", &uid_texts, |t| {
        let mut out = [0u8; 12];
        base64::decode_into(t, base64::Flavour::Ordered, &mut out).map(|()| out)
    });
    g.finish();

    let mut g = c.benchmark_group("public");
    g.throughput(Throughput::Elements(BATCH as u64));
    let raw = aes_baseline();
    let blocks: Vec<[u8; 16]> = vals.iter().map(|v| v.to_le_bytes()).collect();
    batch(&mut g, "aes-256 block encrypt (aes crate)", &blocks, |b| {
        use aes::cipher::{BlockEncrypt, generic_array::GenericArray};
        let mut block = GenericArray::from(*b);
        raw.encrypt_block(&mut block);
        block
    });
    // The floor of any token round trip: the decryption needs the encryption's output.
    batch(&mut g, "aes-256 encrypt then decrypt (aes crate)", &blocks, |b| {
        use aes::cipher::{BlockDecrypt, BlockEncrypt, generic_array::GenericArray};
        let mut block = GenericArray::from(*b);
        raw.encrypt_block(&mut block);
        raw.decrypt_block(&mut block);
        block
    });
    let ids: Vec<u64> = vals.iter().map(|&v| v as u64).collect();
    // Value → base62 text on the stack → value, through the converter's public API.
    let round_trip = |converter: &PublicIdConverter, v: u64| {
        let token = base62::encode_u128(converter.encrypt_u64(v).as_u128());
        converter.decrypt_u64(parse_public(&token).unwrap())
    };
    let aes128 = PublicIdConverter::new(AesKey::new(&[0x93; 16]).unwrap());
    batch(&mut g, "u64 -> token -> u64 (AES-128)", &ids, |&v| round_trip(&aes128, v));
    let converter =
        PublicIdConverter::new(AesKey::from_base64("k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=").unwrap());
    batch(&mut g, "u64 -> base62 token", &ids, |&v| base62::encode_u128(converter.encrypt_u64(v).as_u128()));
    let tokens: Vec<String> = ids.iter().map(|&v| to_base62(converter.encrypt_u64(v))).collect();
    batch(&mut g, "base62 token -> u64", &tokens, |t| converter.decrypt_u64(parse_public(t).unwrap()));
    batch(&mut g, "u64 -> token -> u64", &ids, |&v| round_trip(&converter, v));
    // The guide's web path: typed, authenticated, type-bound tokens as `String`s, both ways.
    let typed =
        PublicIds::new(AesKey::from_base64("k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=").unwrap()).bound_to_types();
    let orders: Vec<OrderId> = vals.iter().map(|&v| OrderId(uuid::Uuid::from_u128(v))).collect();
    batch(&mut g, "OrderId -> typed token String -> OrderId (authenticated)", &orders, |order| {
        let token = typed.to_public(order).to_string();
        typed.decode_str::<OrderId>(&token)
    });
    // A 64-bit ID: its authenticated token is one block (its zero bits are the tag).
    let locals: Vec<rt::Uid64Id> = ids.iter().map(|&v| rt::Uid64Id::from(v)).collect();
    batch(&mut g, "Uid64Id -> typed token String -> Uid64Id (authenticated)", &locals, |local| {
        let token = typed.to_public(local).to_string();
        typed.decode_str::<rt::Uid64Id>(&token)
    });
    g.finish();
}

/// One value after another, each input made from the previous output, so nothing overlaps:
/// what one request that opens a token waits for. `next(previous, seed)` is one round trip.
fn chained<T: Copy>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    start: T,
    seeds: &[u64],
    next: impl Fn(T, u64) -> T,
) {
    g.bench_function(name, |b| {
        b.iter(|| {
            let mut x = black_box(start);
            for &seed in seeds {
                x = next(x, black_box(seed));
            }
            x
        })
    });
}

/// The same round trips as the `public` group, but chained (see [`chained`]), next to the
/// latency floor: a block encrypted, then decrypted, then the next block made from the result.
/// A round trip of one value can never take less, since its decryption needs its token.
fn public_latency(c: &mut Criterion) {
    let seeds: Vec<u64> = values().iter().map(|&v| v as u64).collect();
    let mut g = c.benchmark_group("public_latency");
    g.throughput(Throughput::Elements(BATCH as u64));
    let raw = aes_baseline();
    chained(&mut g, "aes-256 encrypt then decrypt, chained (aes crate)", [0u8; 16], &seeds, |block, seed| {
        use aes::cipher::{BlockDecrypt, BlockEncrypt, generic_array::GenericArray};
        let mut block = GenericArray::from((u128::from_le_bytes(block) ^ u128::from(seed)).to_le_bytes());
        raw.encrypt_block(&mut block);
        raw.decrypt_block(&mut block);
        block.into()
    });
    let key = || AesKey::from_base64("k7fBDJcQam02hsByaOWPeP2CqeDeGXvrPUkEAQBtAFc=").unwrap();
    let converter = PublicIdConverter::new(key());
    chained(&mut g, "u64 -> token -> u64, chained", 0u64, &seeds, |v, seed| {
        let token = base62::encode_u128(converter.encrypt_u64(v ^ seed).as_u128());
        converter.decrypt_u64(parse_public(&token).unwrap()).unwrap()
    });
    let typed = PublicIds::new(key()).bound_to_types();
    chained(&mut g, "Uid64Id -> typed token String -> Uid64Id, chained", 0u64, &seeds, |v, seed| {
        let token = typed.to_public(&rt::Uid64Id::from(v ^ seed)).to_string();
        u64::from(typed.decode_str::<rt::Uid64Id>(&token).unwrap())
    });
    chained(&mut g, "OrderId -> typed token String -> OrderId, chained", 0u128, &seeds, |v, seed| {
        let order = OrderId(uuid::Uuid::from_u128(v ^ u128::from(seed) << 17));
        let token = typed.to_public(&order).to_string();
        typed.decode_str::<OrderId>(&token).unwrap().0.as_u128()
    });
    g.finish();
}

#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
struct OrderId(uuid::Uuid);

/// `Display` + `FromStr` of a derived type of every scheme, next to the `uuid` crate's
/// hyphenated `to_string` + `parse_str`, in one group so the ratios come from one run.
fn text_round_trip(c: &mut Criterion) {
    fn ids<I: Identity>(vals: &[u128]) -> Vec<I> {
        vals.iter().map(|&v| I::from_scheme(arbitrary_value::<I::Scheme>(v))).collect()
    }
    fn round_trip<I: Identity + core::str::FromStr>(id: &I) -> Option<I> {
        id.to_string().parse().ok()
    }
    let vals = values();
    let uuids: Vec<uuid::Uuid> = vals.iter().map(|&v| uuid::Uuid::from_u128(v)).collect();
    let mut g = c.benchmark_group("text_round_trip");
    g.throughput(Throughput::Elements(BATCH as u64));
    batch(&mut g, "uuid crate (to_string + parse_str)", &uuids, |u| uuid::Uuid::parse_str(&u.to_string()).ok());
    batch(&mut g, "comb_sql", &ids::<rt::CombSqlId>(&vals), round_trip);
    batch(&mut g, "comb_pg", &ids::<rt::CombPgId>(&vals), round_trip);
    batch(&mut g, "comb_pg prefixed", &ids::<OrderId>(&vals), round_trip);
    batch(&mut g, "hot", &ids::<rt::HotId>(&vals), round_trip);
    batch(&mut g, "distributed", &ids::<rt::DistributedId>(&vals), round_trip);
    batch(&mut g, "distributed128", &ids::<rt::Distributed128Id>(&vals), round_trip);
    batch(&mut g, "sno", &ids::<rt::SnoId>(&vals), round_trip);
    batch(&mut g, "uid64", &ids::<rt::Uid64Id>(&vals), round_trip);
    batch(&mut g, "uid96", &ids::<rt::Uid96Id>(&vals), round_trip);
    batch(&mut g, "ulid", &ids::<rt::UlidId>(&vals), round_trip);
    batch(&mut g, "typeid (user_ prefix)", &ids::<rt::TypeIdUser>(&vals), round_trip);
    let theirs: Vec<ulid::Ulid> = vals.iter().map(|&v| ulid::Ulid(v)).collect();
    batch(&mut g, "ulid crate (to_string + from_string)", &theirs, |u| ulid::Ulid::from_string(&u.to_string()).ok());
    batch(&mut g, "uuid crate (to_string + parse_str), again", &uuids, |u| uuid::Uuid::parse_str(&u.to_string()).ok());
    g.finish();
}

/// A valid value of scheme `S` spread over its range: the storage bytes of `v`, with the bits a
/// scheme reserves cleared until they read back.
fn arbitrary_value<S: idcraft::Scheme>(v: u128) -> S {
    let bytes = v.to_be_bytes();
    let mut b = bytes[..S::BYTE_LEN].to_vec();
    for i in 0..b.len() {
        if let Ok(value) = S::from_bytes(&b) {
            return value;
        }
        b[i] = 0;
    }
    S::from_bytes(&b).expect("all-zero storage is valid")
}

mod rt {
    use idcraft::Identity;
    use rust_decimal::Decimal;
    use uuid::Uuid;

    #[derive(Identity)]
    #[id(scheme = "comb_pg")]
    pub struct CombPgId(Uuid);
    #[derive(Identity)]
    #[id(scheme = "comb_sql")]
    pub struct CombSqlId(Uuid);
    #[derive(Identity)]
    #[id(scheme = "hot")]
    pub struct HotId(Uuid);
    #[derive(Identity)]
    #[id(scheme = "distributed")]
    pub struct DistributedId(Decimal);
    #[derive(Identity)]
    #[id(scheme = "distributed128")]
    pub struct Distributed128Id(u128);
    #[derive(Identity)]
    #[id(scheme = "sno")]
    pub struct SnoId([u8; 10]);
    #[derive(Identity)]
    #[id(scheme = "uid64")]
    pub struct Uid64Id(u64);
    #[derive(Identity)]
    #[id(scheme = "uid96")]
    pub struct Uid96Id([u8; 12]);
    #[derive(Identity)]
    #[id(scheme = "ulid")]
    pub struct UlidId(u128);
    #[derive(Identity)]
    #[id(scheme = "ulid", encoding = "typeid", prefix = "user")]
    pub struct TypeIdUser(u128);
}

fn aes_baseline() -> aes::Aes256 {
    use aes::cipher::KeyInit;
    aes::Aes256::new_from_slice(&[0x93u8; 32]).unwrap()
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1));
    targets = codecs, public_latency, text_round_trip
}
criterion_main!(benches);
