//! What configures a sno generator and what it saves: its errors (sno's texts) and snapshots.

use core::fmt;

/// Why a generator configuration was refused. The texts are sno's, byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnoConfigError {
    /// Invalid sequence bounds (sno's `InvalidSequenceBoundsError`).
    SequenceBounds {
        /// The sequence given.
        cur: u32,
        /// The lower bound.
        min: u16,
        /// The upper bound.
        max: u16,
        /// What is wrong.
        msg: &'static str,
    },
    /// More than 65,536 default-configured generators in one process.
    PartitionPoolExhausted,
}

impl fmt::Display for SnoConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SnoConfigError::SequenceBounds { cur, min, max, msg } => write!(
                f,
                "sno: {msg}; min: {min}, sequence: {cur}, max: {max}, pool: {}",
                max.wrapping_sub(*min).wrapping_add(1)
            ),
            SnoConfigError::PartitionPoolExhausted => {
                f.write_str("sno: process exceeded maximum number of possible defaults-configured generators")
            }
        }
    }
}

impl core::error::Error for SnoConfigError {}

/// A generator's saved state and configuration, with sno's JSON field names (serde, camelCase:
/// `sequenceMin`, `wallHi`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GeneratorSnapshot {
    /// The partition bytes.
    pub partition: [u8; 2],
    /// Lower sequence bound.
    pub sequence_min: u16,
    /// Upper sequence bound (0 means 65535 unless the minimum is 65535).
    pub sequence_max: u16,
    /// The current sequence.
    pub sequence: u32,
    /// Units at snapshot time (informational; ignored on restore).
    pub now: i64,
    /// The last unit used.
    pub wall_hi: i64,
    /// The unit below which a clock regression waits.
    pub wall_safe: i64,
    /// Clock regressions absorbed so far (`drifts & 1` is the tick bit).
    pub drifts: u32,
}
