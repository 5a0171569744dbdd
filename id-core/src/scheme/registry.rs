//! The registry: every scheme once, by name, with its family's feature, and the macros the
//! derive's output goes through (the scheme's own items, or one error naming a feature that is
//! off). Makes [`NAMES`], [`by_name`] and [`visit`], re-exported by [`scheme`](super).

use super::*;

/// For each scheme family's feature, the macro the derive's output passes through: with the
/// feature on it writes its first group of tokens; off, one compile error naming the feature to
/// turn on, then its second group (the same placeholder an unknown scheme gets).
macro_rules! feature_gates {
    ($d:tt $($feature:literal $gate:ident;)+) => {$(
        #[cfg(feature = $feature)]
        #[doc(hidden)]
        #[macro_export]
        macro_rules! $gate {
            ($d name:ident {$d($d on:tt)*} {$d($d off:tt)*}) => { $d($d on)* };
        }

        #[cfg(not(feature = $feature))]
        #[doc(hidden)]
        #[macro_export]
        macro_rules! $gate {
            ($d name:ident {$d($d on:tt)*} {$d($d off:tt)*}) => {
                ::core::compile_error!(::core::concat!(
                    "the scheme `", ::core::stringify!($d name), "` needs idcraft's `", $feature,
                    "` feature: `idcraft = { version = \"0.1\", features = [\"", $feature, "\"] }`"
                ));
                $d($d off)*
            };
        }
    )+};
}

pub(crate) use feature_gates;

/// The scheme names whose family feature is on, from `(name, on)` pairs.
pub(crate) const fn enabled_names<const ALL: usize, const ON: usize>(
    all: [(&'static str, bool); ALL],
) -> [&'static str; ON] {
    let mut names = [""; ON];
    let (mut i, mut j) = (0, 0);
    while i < ALL {
        if all[i].1 {
            names[j] = all[i].0;
            j += 1;
        }
        i += 1;
    }
    names
}

/// How many of `(name, on)` pairs are on.
pub(crate) const fn count_enabled<const ALL: usize>(all: [(&'static str, bool); ALL]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < ALL {
        n += all[i].1 as usize;
        i += 1;
    }
    n
}

/// The registry: every scheme once, by the name `#[id(scheme = "...")]` and the command line
/// use, with its family's feature and gate, and what a derived type's own items need (see
/// [`__derive_items!`](crate::__derive_items)): its storage conversion (`infallible`: `From`, `fallible`: `TryFrom`),
/// `untimed` for a scheme whose values hold no time (its types get no time methods), and its
/// constructors' parameters. A scheme's parameters are one `const` with a default, after an
/// optional defaulted type (`nanoid<type A = UrlSafe, const N: usize = 21>`: the alphabet the
/// derive's `alphabet` key makes a type of). It makes [`NAMES`] and [`by_name`], and checks at
/// compile time that each name is the type's [`Scheme::NAME`]. A family's module has the
/// visibility written before its `mod` (private unless its folder has helper types to show);
/// its exports are `pub use`d here either way.
macro_rules! registry {
    ($d:tt $(
        $vis:vis mod $family:ident: $feature:literal $gate:ident, pub use {$($export:ident),+ $(,)?}
            $(, layouts $declare:ident { $($layout:ident => $layout_family:ident),+ $(,)? })? {
            $($name:ident $(<$(type $tparam:ident = $tdefault:ty,)? const $param:ident: $param_ty:ty = $default:literal>)?
                => $ty:ty, $conversion:ident $(, $untimed:ident)? { $($items:tt)* };)+
        }
    )+) => {
        $(
            #[cfg(feature = $feature)]
            $vis mod $family;
            #[cfg(feature = $feature)]
            pub use $family::{$($export),+};
        )+

        $crate::scheme::registry::feature_gates! { $d $($feature $gate;)+ }

        /// Every scheme, and whether its family's feature is on in this build.
        const ALL_NAMES: [(&str, bool); [$($(stringify!($name)),+),+].len()] =
            [$($((stringify!($name), cfg!(feature = $feature))),+),+];

        /// Every scheme's [`Scheme::NAME`] whose family's feature is on, in the order of the
        /// table above: what `#[id(scheme = "...")]` and the command line accept.
        pub const NAMES: [&str; $crate::scheme::registry::count_enabled(ALL_NAMES)] =
            $crate::scheme::registry::enabled_names(ALL_NAMES);

        /// The scheme types under their names, with their parameters (the path
        /// `#[id(scheme = "uid96<6>")]` resolves through: `by_name::uid96<6>`).
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        pub mod by_name {
            #[cfg(any($(feature = $feature),+))]
            use super::*;
            $($(#[cfg(feature = $feature)] pub type $name$(<$($tparam = $tdefault,)? const $param: $param_ty = $default>)? = $ty;)+)+
        }

        /// `#[derive(Identity)]`'s entry point: `(name [<args>] Alias, Type, Storage)` declares
        /// `type Alias` as the scheme named `name` (with its arguments) and writes the type's
        /// own items; `(@type name [<args>] Alias)` only declares the alias (the derive's path
        /// when other attributes have errors, so the text form is still checked). An unknown
        /// name is one compile error listing the names; the type then gets a placeholder scheme
        /// and a `new()`, so code using it does not add follow-on errors; so does a scheme whose
        /// family's feature is off, with an error naming the feature. Re-exported by the
        /// facade (a macro made by a macro cannot be named by path inside its own crate).
        #[doc(hidden)]
        #[macro_export]
        macro_rules! __derive_scheme {
            $($(
                (@type $name [$d($d args:tt)*] $d alias:ident $d(, $d storage:ty)?) => {
                    $crate::$gate! { $name
                        { type $d alias = $crate::scheme::by_name::$name $d($d args)*; }
                        { type $d alias = $crate::scheme::UnknownScheme<$d($d storage)?>; }
                    }
                };
            )+)+
            (@type $d other:ident [$d($d args:tt)*] $d alias:ident $d(, $d storage:ty)?) => {
                ::core::compile_error!(::core::concat!(
                    "unknown scheme `", ::core::stringify!($d other), "`; expected one of ",
                    $crate::__join_names!($($($name)+)+)
                ));
                type $d alias = $crate::scheme::UnknownScheme<$d($d storage)?>;
            };
            $($(
                ($name [$d($d args:tt)*] $d alias:ident, $d ident:ident, $d storage:ty) => {
                    $crate::$gate! { $name
                        {
                            type $d alias = $crate::scheme::by_name::$name $d($d args)*;
                            $crate::__derive_items! { $d ident, $d storage; $conversion; [$($untimed)?]; $($items)* }
                        }
                        {
                            type $d alias = $crate::scheme::UnknownScheme<$d storage>;
                            $crate::__unknown_scheme_new!($d ident);
                        }
                    }
                };
            )+)+
            ($d other:ident [$d($d args:tt)*] $d alias:ident, $d ident:ident, $d storage:ty) => {
                $crate::__derive_scheme!(@type $d other [$d($d args)*] $d alias, $d storage);
                $crate::__unknown_scheme_new!($d ident);
            };
        }

        /// `#[derive(Identity)]`'s entry point for a type that declares its layout (`epoch`,
        /// `unit`, `time_bits`, ... in `#[id(...)]`): `(name Marker Alias, Type, Storage { key =
        /// value, ... })` has the family's `layouts` macro declare `Marker` as the layout and
        /// `type Alias` as the scheme of that layout, and write the type's own items; `(@type name
        /// Marker Alias { ... })` only the marker and the alias. A scheme the registry lists under
        /// no family's `layouts` is one compile error, the type then being the scheme it names.
        #[doc(hidden)]
        #[macro_export]
        macro_rules! __derive_layout {
            $($($(
                (@type $layout $d marker:ident $d alias:ident { $d($d keys:tt)* }) => {
                    $crate::$gate! { $layout
                        { $crate::$declare!(@type $layout_family $d marker $d alias { $d($d keys)* }); }
                        { type $d alias = $crate::scheme::UnknownScheme; }
                    }
                };
                ($layout $d marker:ident $d alias:ident, $d ident:ident, $d storage:ty { $d($d keys:tt)* }) => {
                    $crate::$gate! { $layout
                        { $crate::$declare!($layout_family $d marker $d alias, $d ident, $d storage { $d($d keys)* }); }
                        {
                            type $d alias = $crate::scheme::UnknownScheme<$d storage>;
                            $crate::__unknown_scheme_new!($d ident);
                        }
                    }
                };
            )+)?)+
            (@type $d other:ident $d marker:ident $d alias:ident { $d($d keys:tt)* }) => {
                $crate::__derive_layout!(@refuse $d other);
                $crate::__derive_scheme!(@type $d other [] $d alias);
            };
            (@refuse $d other:ident) => {
                ::core::compile_error!(::core::concat!(
                    "the scheme `", ::core::stringify!($d other), "` takes no layout keys (epoch, unit, time_bits, ",
                    "node_bits, sequence_bits, min_lifetime); these do: ", $crate::__join_names!($($($($layout)+)?)+)
                ));
            };
            ($d other:ident $d marker:ident $d alias:ident, $d ident:ident, $d storage:ty { $d($d keys:tt)* }) => {
                $crate::__derive_layout!(@refuse $d other);
                $crate::__derive_scheme!($d other [] $d alias, $d ident, $d storage);
            };
        }

        /// Calls `visitor` with the scheme named `name` (uid96 with uid's default interval), or
        /// returns `None` for a name that is none of [`NAMES`]. For tools: hidden, as
        /// [`describe`](crate::scheme::describe) is.
        #[doc(hidden)]
        pub fn visit<V: $crate::scheme::Visitor>(
            name: &str,
            // Unused with no family on (there is no scheme to visit); a parameter cannot be
            // gated out of a public function's signature.
            #[cfg_attr(not(any($(feature = $feature),+)), allow(unused_variables))] visitor: V,
        ) -> Option<V::Output> {
            match name {
                $($(#[cfg(feature = $feature)] ::core::stringify!($name) => Some(visitor.visit::<by_name::$name>()),)+)+
                _ => None,
            }
        }

        const _: () = {$($(
            #[cfg(feature = $feature)]
            assert!(
                $crate::encoding::str_eq(stringify!($name), <by_name::$name as Scheme>::NAME),
                concat!("the registry name `", stringify!($name), "` is not the type's Scheme::NAME"),
            );
        )+)+};
    };
}

/// The placeholder `new()` of a derived type whose scheme is unknown or switched off (next to
/// the compile error), so that calls to it add no follow-on errors.
#[doc(hidden)]
#[macro_export]
macro_rules! __unknown_scheme_new {
    ($ident:ident) => {
        impl $ident {
            #[allow(dead_code, clippy::new_without_default)]
            pub fn new() -> Self {
                ::core::unreachable!()
            }
        }
        $crate::__derive_time!($ident);
    };
}

/// `a b c` as the literal "`a`, `b`, `c`" (for messages made by `concat!`).
#[doc(hidden)]
#[macro_export]
macro_rules! __join_names {
    ($first:ident $($rest:ident)*) => {
        ::core::concat!("`", ::core::stringify!($first), "`" $(, ", `", ::core::stringify!($rest), "`")*)
    };
}
pub(crate) use registry;
