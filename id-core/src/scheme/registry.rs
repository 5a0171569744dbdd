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

feature_gates! {
    $
    "comb" __gate_comb;
    "hot" __gate_hot;
    "distributed" __gate_distributed;
    "sno" __gate_sno;
    "uid" __gate_uid;
    "uuid7" __gate_uuid7;
    "ulid" __gate_ulid;
    "snowflake" __gate_snowflake;
}

/// The scheme names whose family feature is on, from `(name, on)` pairs.
const fn enabled_names<const ALL: usize, const ON: usize>(all: [(&'static str, bool); ALL]) -> [&'static str; ON] {
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
const fn count_enabled<const ALL: usize>(all: [(&'static str, bool); ALL]) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < ALL {
        n += all[i].1 as usize;
        i += 1;
    }
    n
}

/// The registry: every scheme once, by the name `#[id(scheme = "...")]` and the command line
/// use, with its family's feature and gate, and what a derived type's own items need (see
/// [`__derive_items!`](crate::__derive_items)): its storage conversion (`infallible`: `From`, `fallible`: `TryFrom`) and its
/// constructors' parameters. It makes [`NAMES`] and [`by_name`], and checks at compile time
/// that each name is the type's [`Scheme::NAME`].
macro_rules! registry {
    ($d:tt $($name:ident $(<const $param:ident: $param_ty:ty = $default:literal>)? => $ty:ty, $feature:literal $gate:ident, $conversion:ident { $($items:tt)* };)+) => {
        /// Every scheme, and whether its family's feature is on in this build.
        const ALL_NAMES: [(&str, bool); [$(stringify!($name)),+].len()] = [$((stringify!($name), cfg!(feature = $feature))),+];

        /// Every scheme's [`Scheme::NAME`] whose family's feature is on, in the order of the
        /// table above: what `#[id(scheme = "...")]` and the command line accept.
        pub const NAMES: [&str; count_enabled(ALL_NAMES)] = enabled_names(ALL_NAMES);

        /// The scheme types under their names, with their parameters (the path
        /// `#[id(scheme = "uid96<6>")]` resolves through: `by_name::uid96<6>`).
        #[doc(hidden)]
        #[allow(non_camel_case_types)]
        pub mod by_name {
            use super::*;
            $(#[cfg(feature = $feature)] pub type $name$(<const $param: $param_ty = $default>)? = $ty;)+
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
            $(
                (@type $name [$d($d args:tt)*] $d alias:ident $d(, $d storage:ty)?) => {
                    $crate::$gate! { $name
                        { type $d alias = $crate::scheme::by_name::$name $d($d args)*; }
                        { type $d alias = $crate::scheme::UnknownScheme<$d($d storage)?>; }
                    }
                };
            )+
            (@type $d other:ident [$d($d args:tt)*] $d alias:ident $d(, $d storage:ty)?) => {
                ::core::compile_error!(::core::concat!(
                    "unknown scheme `", ::core::stringify!($d other), "`; expected one of ",
                    $crate::__join_names!($($name)+)
                ));
                type $d alias = $crate::scheme::UnknownScheme<$d($d storage)?>;
            };
            $(
                ($name [$d($d args:tt)*] $d alias:ident, $d ident:ident, $d storage:ty) => {
                    $crate::$gate! { $name
                        {
                            type $d alias = $crate::scheme::by_name::$name $d($d args)*;
                            $crate::__derive_items! { $d ident, $d storage; $conversion; $($items)* }
                        }
                        {
                            type $d alias = $crate::scheme::UnknownScheme<$d storage>;
                            $crate::__unknown_scheme_new!($d ident);
                        }
                    }
                };
            )+
            ($d other:ident [$d($d args:tt)*] $d alias:ident, $d ident:ident, $d storage:ty) => {
                $crate::__derive_scheme!(@type $d other [$d($d args)*] $d alias, $d storage);
                $crate::__unknown_scheme_new!($d ident);
            };
        }

        /// Calls `visitor` with the scheme named `name` (uid96 with uid's default interval), or
        /// returns `None` for a name that is none of [`NAMES`].
        pub fn visit<V: Visitor>(name: &str, visitor: V) -> Option<V::Output> {
            match name {
                $(#[cfg(feature = $feature)] ::core::stringify!($name) => Some(visitor.visit::<by_name::$name>()),)+
                _ => None,
            }
        }

        const _: () = {$(
            #[cfg(feature = $feature)]
            assert!(
                str_eq(stringify!($name), <by_name::$name as Scheme>::NAME),
                concat!("the registry name `", stringify!($name), "` is not the type's Scheme::NAME"),
            );
        )+};
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

registry! {
    $
    comb_sql => CombSql, "comb" __gate_comb, infallible { new() => (); };
    comb_pg => CombPg, "comb" __gate_comb, infallible { new() => (); };
    comb_legacy => CombLegacy, "comb" __gate_comb, infallible { new() => (); };
    comb_binary => CombBinary, "comb" __gate_comb, infallible { new() => (); };
    hot => HotGuid, "hot" __gate_hot, infallible { new(shard_key: u32) => shard_key; };
    distributed => DistributedId, "distributed" __gate_distributed, fallible { new() => (); };
    distributed128 => DistributedId128, "distributed" __gate_distributed, infallible { new() => (); };
    sno => Sno, "sno" __gate_sno, infallible { new() => 0u8; with new_with_meta(meta: u8) => meta; };
    uid64 => Uid64, "uid" __gate_uid, infallible { new() => (); };
    uid96<const I: u8 = 8> => Uid96With<I>, "uid" __gate_uid, infallible {
        new() => ::core::option::Option::None;
        with new_with_node(node: u32) => ::core::option::Option::Some(node);
    };
    uuid7 => Uuid7, "uuid7" __gate_uuid7, fallible { new() => (); };
    ulid => Ulid, "ulid" __gate_ulid, infallible { new() => (); };
    twitter_snowflake => TwitterSnowflake, "snowflake" __gate_snowflake, fallible { new() => (); };
    discord_snowflake => DiscordSnowflake, "snowflake" __gate_snowflake, fallible { new() => (); };
    instagram_id => InstagramId, "snowflake" __gate_snowflake, fallible { new() => (); };
    sonyflake => Sonyflake, "snowflake" __gate_snowflake, fallible { new() => (); };
}
