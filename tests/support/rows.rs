//! Rows for the order tests of every database: IDs in generation order, the same IDs shuffled
//! for inserting, and the check of what `ORDER BY id` gave back.
#![allow(dead_code)] // each test crate uses some of them

use idcraft::Identity;
use std::collections::HashSet;

pub const ROWS: usize = 10_000;

/// 10,000 IDs from one generator, and the same IDs in a shuffled order for inserting.
pub fn generated<I: Identity>(make: impl Fn() -> I) -> (Vec<I>, Vec<I>) {
    generated_n(make, ROWS)
}

/// `n` IDs from one generator, and the same IDs in a shuffled order for inserting.
pub fn generated_n<I: Identity>(make: impl Fn() -> I, n: usize) -> (Vec<I>, Vec<I>) {
    let ids: Vec<I> = (0..n).map(|_| make()).collect();
    let mut shuffled = ids.clone();
    shuffle(&mut shuffled);
    (ids, shuffled)
}

/// Shuffles `items` into a fixed order (xorshift from a fixed seed): the same every run.
pub fn shuffle<T>(items: &mut [T]) {
    let mut state = 0x853C_49E6_748F_EA9Bu64;
    for i in (1..items.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        items.swap(i, (state % (i as u64 + 1)) as usize);
    }
}

/// What `ORDER BY id` should give.
#[derive(Clone, Copy, PartialEq)]
pub enum Expect {
    /// The generation order: the scheme suits the database.
    Sorted,
    /// Not the generation order: the time sits in the bytes the database compares last.
    Random,
    /// Either: `comb_binary` in PostgreSQL sorts only within ~65 s windows.
    Unspecified,
    /// Rust's `Ord`, which is time order only to the layout's unit (KSUID: IDs of one second
    /// sort by their random payload, in Rust and in the database alike).
    ByOrd,
}
pub use Expect::{ByOrd, Random, Sorted, Unspecified};

/// Every value comes back unchanged, in the order `expect` says.
pub fn check_order<I: Identity>(generated: &[I], from_db: &[I], expect: Expect, db: &str) {
    assert_eq!(from_db.len(), generated.len());
    let a: HashSet<I> = generated.iter().copied().collect();
    let b: HashSet<I> = from_db.iter().copied().collect();
    assert!(a == b, "{db} {}: values changed on the way through the column", I::TYPE_NAME);
    match expect {
        Sorted => assert!(from_db == generated, "{db} {}: ORDER BY id differs from generation order", I::TYPE_NAME),
        Random => assert!(from_db != generated, "{db} {}: expected a random order", I::TYPE_NAME),
        Unspecified => {}
        ByOrd => {
            let mut sorted = generated.to_vec();
            sorted.sort();
            assert!(from_db == sorted, "{db} {}: ORDER BY id differs from Rust's Ord", I::TYPE_NAME);
        }
    }
}
