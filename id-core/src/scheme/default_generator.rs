//! [`DefaultGenerator`]: the one way a family keeps the generator its `new()` uses.

/// A generator that can be made its scheme's default: the one the scheme's `new()` and derived
/// types' `new()` use, e.g. one on a lease or a chosen node.
///
/// ```
/// # #[cfg(all(feature = "std", feature = "sno"))] {
/// use idcraft_core::scheme::DefaultGenerator;
/// use idcraft_core::scheme::sno::SnoGenerator;
///
/// // At start-up, before the first ID (here: partition 7 of an assignment of one's own).
/// SnoGenerator::with_partition(idcraft_core::CoarseClock, 7).install_default().map_err(drop).unwrap();
/// assert_eq!(idcraft_core::scheme::sno::Sno::new(0).partition(), 7);
/// # }
/// ```
pub trait DefaultGenerator: Sized {
    /// Makes this generator the default. Once, at start-up, before the first ID: afterwards
    /// the generator is handed back as the error ([`replace_default`](Self::replace_default)
    /// swaps it later).
    #[allow(clippy::result_large_err)] // hands the generator back by value, as `OnceLock::set` does
    fn install_default(self) -> Result<(), Self>;

    /// Makes this generator the default whatever was installed before, e.g. one on a new lease
    /// after the old one was lost for good. Calls in flight finish on the old generator, which is
    /// kept alive for the rest of the process (replacing is for rare events).
    fn replace_default(self);
}
