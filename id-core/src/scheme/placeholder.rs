//! The scheme a derived type gets when its `scheme = "..."` names none, or one whose feature
//! is off (next to the compile error saying so).

use core::marker::PhantomData;

/// The scheme a derived type gets when its `scheme = "..."` names none (next to the compile
/// error saying so), so that the rest of the expansion and the code using the type type-check
/// instead of burying that error under follow-on ones. `T` is the type's field, which it
/// accepts as storage. Never constructed.
#[doc(hidden)]
pub struct UnknownScheme<T = ()>(Never, PhantomData<fn() -> T>);

/// No value: [`UnknownScheme`] is never constructed.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Never {}

impl<T> Clone for UnknownScheme<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for UnknownScheme<T> {}
impl<T> PartialEq for UnknownScheme<T> {
    fn eq(&self, _: &Self) -> bool {
        match self.0 {}
    }
}
impl<T> Eq for UnknownScheme<T> {}
impl<T> PartialOrd for UnknownScheme<T> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for UnknownScheme<T> {
    fn cmp(&self, _: &Self) -> core::cmp::Ordering {
        match self.0 {}
    }
}
impl<T> core::hash::Hash for UnknownScheme<T> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {
        match self.0 {}
    }
}
impl<T> core::fmt::Debug for UnknownScheme<T> {
    fn fmt(&self, _: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {}
    }
}
impl<T> core::fmt::Display for UnknownScheme<T> {
    fn fmt(&self, _: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {}
    }
}

impl<T> core::str::FromStr for UnknownScheme<T> {
    type Err = crate::error::ParseError;
    fn from_str(_: &str) -> Result<Self, Self::Err> {
        Err(crate::error::ParseError::Invalid {
            scheme: "unknown",
            reason: crate::error::InvalidReason::UNKNOWN_SCHEME,
        })
    }
}

impl<T> crate::scheme::sealed::Sealed for UnknownScheme<T> {}

impl<T: Copy + 'static> crate::scheme::Generate<UnknownScheme<T>> for UnknownScheme<T> {
    fn generate(&self, _: ()) -> Result<UnknownScheme<T>, crate::error::GenerateError> {
        match self.0 {}
    }
    fn generate_at(&self, _: (), _: crate::time::Timestamp) -> Result<UnknownScheme<T>, crate::error::GenerateError> {
        match self.0 {}
    }
}

impl<T: Copy + 'static> crate::scheme::Scheme for UnknownScheme<T> {
    const NAME: &'static str = "unknown";
    type Shape = crate::scheme::shape::Bytes<0>;
    // Every form, so that an `encoding` key adds no error of its own.
    const ENCODINGS: &'static [crate::scheme::Encoding] = &crate::scheme::Encoding::ALL;
    const NO_SUCH_FORM: &'static str = "";
    type Input = ();
    type Generator = UnknownScheme<T>;

    fn default_generator() -> &'static UnknownScheme<T> {
        unreachable!("no value of an unknown scheme exists")
    }
    fn timestamp(&self) -> crate::time::Timestamp {
        match self.0 {}
    }
    fn to_bytes(&self) -> crate::scheme::IdBytes {
        match self.0 {}
    }
    fn from_bytes(_: &[u8]) -> Result<Self, crate::error::ParseError> {
        "".parse()
    }
    fn encode(&self, _: crate::scheme::Encoding) -> Option<crate::codec::IdText> {
        match self.0 {}
    }
    fn decode(text: &str, _: crate::scheme::Encoding) -> Result<Self, crate::error::ParseError> {
        text.parse()
    }
    fn time_range() -> (crate::time::Timestamp, crate::time::Timestamp) {
        (crate::time::Timestamp::UNIX_EPOCH, crate::time::Timestamp::UNIX_EPOCH)
    }
    fn min_at(_: crate::time::Timestamp) -> Self {
        unreachable!("no value of an unknown scheme exists")
    }
    fn max_at(_: crate::time::Timestamp) -> Self {
        unreachable!("no value of an unknown scheme exists")
    }
}

/// The field's type is the placeholder's storage, whatever it is.
impl<T: Copy + 'static> crate::scheme::storage::StorageOf<UnknownScheme<T>> for T {
    fn from_scheme(value: UnknownScheme<T>) -> Self {
        match value.0 {}
    }
    fn to_scheme(self) -> UnknownScheme<T> {
        unreachable!("no value of an unknown scheme exists")
    }
}
