//! How likely the *unleased* defaults are to produce a duplicate across a fleet, so a team can
//! see when it needs [slots or leases](crate::slot) (the table in
//! [running a fleet](crate::guide#how-likely-a-duplicate-is)).
//!
//! Every figure is the probability of at least one duplicate ID among `processes` processes,
//! each issuing `ids_per_second` (as a Poisson stream) for `seconds`, under these models:
//!
//! * **sno**: the default partition is 16 bits of the start time, so two processes share one
//!   as two random 16-bit values do (replicas started in the same 4 ms unit share it for
//!   certain, which these figures do not count). Two processes on one partition collide in any
//!   4 ms unit in which both issue an ID: each unit's sequence starts at the same minimum.
//! * **uid96**: the node is a hash of the host name (distinct names assumed), one of 2^28
//!   values (uid's hashpjw leaves the top 4 bits 0), modelled as if evenly spread: a lower
//!   bound, as hashpjw is not even on similar names (see [`Fleet::uid96_hashed_node`]). Two
//!   processes on one node count as a collision: their 14-bit sequences drift through every
//!   value within minutes at any real rate, so a shared node is a duplicate waiting to happen
//!   (an upper bound for very low rates).
//! * **HotGuid** in containers: the PID is 1 everywhere; the original's machine bytes are then
//!   24 bits of the host name's MD5, idcraft's default 40 bits of the pod identity's MD5. A
//!   shared machine is counted as a collision, as for uid96.
//! * **DistributedId**: within one millisecond, two processes' IDs coincide as random 48-bit
//!   values do (the time part differs across milliseconds); within a process they never do.
//!
//! The models are checked against simulations of the real mechanisms in this module's tests.

/// A fleet: how many processes, how fast each issues IDs, for how long.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fleet {
    /// Processes issuing IDs at the same time.
    pub processes: u64,
    /// IDs per second, per process.
    pub ids_per_second: f64,
    /// How long, in seconds.
    pub seconds: f64,
}

/// The probability of at least one duplicate in this fleet, one method per unleased default.
impl Fleet {
    /// sno's time-derived default partition (16 bits), 4 ms units.
    pub fn sno_default_partition(&self) -> f64 {
        shared_slot_collision(self.processes, 65_536.0, sno_pair_collision(self, SNO_UNIT))
    }

    /// uid96's hashed default node, as if the hash spread names evenly over its 2^28 values (uid's
    /// hashpjw leaves the top 4 of the 32 bits 0): a **lower bound**. hashpjw is far from even on
    /// similar names: 1,000 pods of one Kubernetes Deployment (names differing in a 5-character
    /// suffix) share a node 36 % of the time, against 0.2 % here (measured, see the README).
    pub fn uid96_hashed_node(&self) -> f64 {
        shared_slot_collision(self.processes, UID_NODE_SPACE, 1.0)
    }

    /// idcraft's default HotGuid machine bytes in containers: with PID 1, all 5 bytes come from the
    /// MD5 of the pod's identity (see `HotGuidGenerator::default_machine_bytes`), one of 2^40 values.
    pub fn hot_machine_bytes_in_containers(&self) -> f64 {
        shared_slot_collision(self.processes, 1_099_511_627_776.0, 1.0)
    }

    /// The original HotGuid's machine bytes in containers: 3 bytes of the host name's MD5 and the
    /// PID bytes, which are the same (PID 1) everywhere: one of 2^24 values.
    pub fn hot_original_machine_bytes_in_containers(&self) -> f64 {
        shared_slot_collision(self.processes, 16_777_216.0, 1.0)
    }

    /// DistributedId's 48 random bits per millisecond.
    pub fn distributed_id(&self) -> f64 {
        per_unit_birthday(self, 0.001, 281_474_976_710_656.0)
    }
}

const UID_NODE_SPACE: f64 = 268_435_456.0;
const SNO_UNIT: f64 = 0.004;

/// At least one duplicate when each pair of `n` processes shares its slot (one of `space`
/// values) with probability `1 / space`, and a sharing pair collides with probability
/// `pair`: `1 − (1 − pair/space)^(n(n−1)/2)`, computed without cancellation.
fn shared_slot_collision(n: u64, space: f64, pair: f64) -> f64 {
    let pairs = (n as f64) * (n.saturating_sub(1) as f64) / 2.0;
    -f64::exp_m1(pairs * f64::ln_1p(-pair / space))
}

/// Two processes on one sno partition: some unit of `unit` seconds in which both issue.
fn sno_pair_collision(fleet: &Fleet, unit: f64) -> f64 {
    let active = -f64::exp_m1(-fleet.ids_per_second * unit);
    let units = fleet.seconds / unit;
    -f64::exp_m1(units * f64::ln_1p(-active * active))
}

/// At least one duplicate when, in each unit, every pair of processes' IDs coincide as random
/// values of `space` do: expected coincidences `units × pairs × λ² / space`.
fn per_unit_birthday(fleet: &Fleet, unit: f64, space: f64) -> f64 {
    let n = fleet.processes as f64;
    let lambda = fleet.ids_per_second * unit;
    let expected = (fleet.seconds / unit) * (n * (n - 1.0) / 2.0) * lambda * lambda / space;
    -f64::exp_m1(-expected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schemes::sno::SnoGenerator;
    use crate::schemes::{HotGuidGenerator, uid::GlobalUidGenerator};
    use crate::{Generate, ManualClock, Timestamp};
    use std::collections::HashSet;

    /// A reproducible stream of draws.
    struct Draws(u64);

    impl Draws {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }

        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// The observed frequency agrees with `p` within 4 standard errors (plus a little for the
    /// models' approximations).
    fn agrees(hits: u32, trials: u32, p: f64, slack: f64) {
        let observed = f64::from(hits) / f64::from(trials);
        let sigma = (p * (1.0 - p) / f64::from(trials)).sqrt();
        assert!((observed - p).abs() <= 4.0 * sigma + slack, "observed {observed:.4}, model {p:.4} (σ {sigma:.4})");
    }

    /// Real sno generators on partitions drawn from 64 values, each issuing in random units:
    /// duplicates as often as the model says.
    #[test]
    fn sno_model_matches_real_generators() {
        let (n, space, units, active) = (6u64, 64u16, 40u64, 0.08);
        let fleet =
            Fleet { processes: n, ids_per_second: -f64::ln_1p(-active) / SNO_UNIT, seconds: units as f64 * SNO_UNIT };
        let model = shared_slot_collision(n, f64::from(space), sno_pair_collision(&fleet, SNO_UNIT));
        let mut draws = Draws(1);
        let trials = 3_000;
        let start = Timestamp::from_ymd(2026, 1, 1);
        let mut hits = 0;
        for _ in 0..trials {
            let clocks: Vec<ManualClock> = (0..n).map(|_| ManualClock::new(start)).collect();
            let generators: Vec<SnoGenerator<&ManualClock>> = clocks
                .iter()
                .map(|c| SnoGenerator::with_partition(c, (draws.next() % u64::from(space)) as u16))
                .collect();
            let mut seen = HashSet::new();
            let mut duplicate = false;
            for unit in 0..units {
                let t = start.checked_add(std::time::Duration::from_millis(4 * unit)).unwrap();
                for (g, c) in generators.iter().zip(&clocks) {
                    if draws.unit() < active {
                        c.set(t);
                        duplicate |= !seen.insert(g.generate(0).unwrap());
                    }
                }
            }
            hits += u32::from(duplicate);
        }
        agrees(hits, trials, model, 0.01);
    }

    /// Birthday over the real HotGuid machine bytes of PID 1 containers: shared values as
    /// often as the model says. The real uid node hash shares values more often than an even
    /// hash would: the model is a lower bound, and the simulation shows it is one.
    #[test]
    fn shared_node_and_machine_models_match_the_real_hashes() {
        let mut draws = Draws(2);
        let trials = 400;
        let (node_hosts, machine_hosts) = (8_000u64, 1_500u64);
        let (mut node_hits, mut machine_hits) = (0, 0);
        for _ in 0..trials {
            let names: Vec<String> = (0..node_hosts).map(|_| format!("orders-{:016x}", draws.next())).collect();
            let nodes: HashSet<u32> =
                names.iter().map(|h| GlobalUidGenerator::node_hash(&format!("idcraft@{h}"))).collect();
            let machines: HashSet<[u8; 5]> =
                names[..machine_hosts as usize].iter().map(|h| HotGuidGenerator::machine_bytes(h, 1)).collect();
            node_hits += u32::from(nodes.len() as u64 != node_hosts);
            machine_hits += u32::from(machines.len() as u64 != machine_hosts);
        }
        let fleet = |processes| Fleet { processes, ids_per_second: 1.0, seconds: 1.0 };
        agrees(machine_hits, trials, fleet(machine_hosts).hot_original_machine_bytes_in_containers(), 0.01);
        let bound = fleet(node_hosts).uid96_hashed_node();
        let observed = f64::from(node_hits) / f64::from(trials);
        let sigma = (bound * (1.0 - bound) / f64::from(trials)).sqrt();
        assert!(observed >= bound - 4.0 * sigma, "observed {observed:.4} below the lower bound {bound:.4}");
    }

    /// DistributedId's mechanism at small widths (a random start, then random increments, per
    /// millisecond and process): coincidences across processes as the model says.
    #[test]
    fn distributed_model_matches_a_small_width_simulation() {
        // 16 random bits with 9-bit increments: the real 48/41 widths, scaled down.
        let (bits, inc_bits, n, lambda, ms) = (16u32, 9u32, 6u64, 3.0f64, 40u64);
        let fleet = Fleet { processes: n, ids_per_second: lambda * 1000.0, seconds: ms as f64 / 1000.0 };
        let model = per_unit_birthday(&fleet, 0.001, f64::from(1u32 << bits));
        let mut draws = Draws(3);
        let trials = 4_000;
        let mut hits = 0;
        for _ in 0..trials {
            let mut duplicate = false;
            for _ in 0..ms {
                let mut seen = HashSet::new();
                for _ in 0..n {
                    // Poisson(λ) IDs this millisecond.
                    let (mut k, mut p, limit) = (0, 1.0, (-lambda).exp());
                    loop {
                        p *= draws.unit();
                        if p <= limit {
                            break;
                        }
                        k += 1;
                    }
                    let mut value = draws.next() % (1 << bits);
                    for i in 0..k {
                        if i > 0 {
                            value = (value + 1 + draws.next() % ((1 << inc_bits) - 1)) % (1 << bits);
                        }
                        duplicate |= !seen.insert(value);
                    }
                }
            }
            hits += u32::from(duplicate);
        }
        agrees(hits, trials, model, 0.005);
    }

    #[test]
    fn figures_grow_with_the_fleet_and_stay_probabilities() {
        let year = 365.0 * 86_400.0;
        for f in [
            Fleet::sno_default_partition,
            Fleet::uid96_hashed_node,
            Fleet::hot_machine_bytes_in_containers,
            Fleet::hot_original_machine_bytes_in_containers,
            Fleet::distributed_id,
        ] {
            let small = f(&Fleet { processes: 10, ids_per_second: 100.0, seconds: year });
            let large = f(&Fleet { processes: 1_000, ids_per_second: 100.0, seconds: year });
            assert!((0.0..=1.0).contains(&small) && (0.0..=1.0).contains(&large) && small <= large);
            assert_eq!(f(&Fleet { processes: 1, ids_per_second: 100.0, seconds: year }), 0.0);
        }
    }
}
