//! `#[id(scheme = "...", encoding = "...", prefix = "...", bind = "...", crate = "...")]`, and a
//! text scheme's `size = N, alphabet = "..."`: parsed and checked, every mistake reported with
//! the span of the offending token. A declared layout's keys are [`layout`](crate::layout)'s.

use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;
use syn::{DeriveInput, LitStr, Token};

const KEYS: [&str; 7] = ["scheme", "encoding", "prefix", "bind", "crate", "size", "alphabet"];

/// `scheme = "name<args>"`: a name the runtime's registry (`by_name`) resolves, or the
/// compiler reports with its own "a similar name exists"; the derive knows no scheme.
pub struct SchemeRef {
    /// The name, spanned at the literal.
    pub name: syn::Ident,
    /// `<args>` if given, spanned at the literal.
    pub args: TokenStream,
    /// The literal's span.
    pub span: Span,
}

pub struct Attrs {
    pub scheme: Option<SchemeRef>,
    pub encoding: Option<LitStr>,
    pub prefix: Option<LitStr>,
    /// The stable name bound public tokens are keyed on.
    pub bind: Option<LitStr>,
    pub krate: syn::Path,
    /// A declared layout's keys, if any is given.
    pub layout: Option<crate::layout::LayoutKeys>,
    /// `size` and `alphabet`, the parameters of a text scheme (`nanoid`).
    pub text: TextParams,
}

pub fn parse(input: &DeriveInput, errors: &mut Vec<syn::Error>) -> Attrs {
    let mut attrs = Attrs {
        scheme: None,
        encoding: None,
        prefix: None,
        bind: None,
        krate: syn::parse_quote!(::idcraft),
        layout: None,
        text: TextParams::default(),
    };
    let mut seen: Vec<String> = Vec::new();
    let mut scheme_lit: Option<LitStr> = None;
    // Whether an error already concerns the scheme key (so "missing scheme" would be noise).
    let mut scheme_reported = false;
    let id_attrs: Vec<_> = input.attrs.iter().filter(|a| a.path().is_ident("id")).collect();
    if id_attrs.is_empty() {
        errors.push(syn::Error::new(
            input.ident.span(),
            "missing `#[id(scheme = \"...\")]`: name the ID scheme, e.g. #[id(scheme = \"comb_pg\")]",
        ));
        return attrs;
    }
    for attr in id_attrs {
        let result = attr.parse_nested_meta(|meta| {
            let key = meta.path.get_ident().map(ToString::to_string).unwrap_or_default();
            if let Some(ident) = meta.path.get_ident().filter(|_| crate::layout::KEYS.contains(&key.as_str())) {
                // The parenthesized keys: a whole attribute's span would only be its `#` on stable.
                let span = match &attr.meta {
                    syn::Meta::List(list) => list.delimiter.span().join(),
                    _ => attr.span(),
                };
                return crate::layout::parse_key(ident, &meta, span, &mut attrs.layout, errors);
            }
            if !KEYS.contains(&key.as_str()) {
                let mut msg = format!("unknown key `{}` in #[id(...)]", key);
                if let Some(s) = did_you_mean(&key, KEYS.into_iter().chain(crate::layout::KEYS)) {
                    scheme_reported |= s == "scheme";
                    msg.push_str(&format!("; did you mean `{s}`?"));
                } else {
                    msg.push_str(
                        "; expected one of `scheme`, `encoding`, `prefix`, `bind`, `crate`, `size`, `alphabet`, or a \
                         layout's `epoch`, `unit`, `time_bits`, `node_bits`, `sequence_bits`, `min_lifetime`",
                    );
                }
                errors.push(syn::Error::new(meta.path.span(), msg));
                // Skip its value so the remaining keys are still checked.
                if meta.input.peek(Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                }
                return Ok(());
            }
            scheme_reported |= key == "scheme";
            if attrs.text.parse_key(&key, &meta, errors)? {
                return Ok(());
            }
            let value: LitStr = meta.value()?.parse()?;
            if seen.contains(&key) {
                errors.push(syn::Error::new(meta.path.span(), format!("duplicate key `{key}` in #[id(...)]")));
                return Ok(());
            }
            seen.push(key.clone());
            match key.as_str() {
                "scheme" => scheme_lit = Some(value),
                "encoding" => attrs.encoding = Some(value),
                "prefix" => attrs.prefix = Some(value),
                "bind" => attrs.bind = Some(value),
                _ => match value.parse::<syn::Path>() {
                    Ok(path) => attrs.krate = path,
                    Err(_) => errors
                        .push(syn::Error::new(value.span(), "`crate` must be a path, like \"::my_crate::idcraft\"")),
                },
            }
            Ok(())
        });
        if let Err(e) = result {
            errors.push(e);
        }
    }
    // Before the scheme takes them: bad values are reported here, at their literals, and left
    // out of the scheme, whose own check would report them again.
    attrs.text.check(errors);
    match &scheme_lit {
        None if !scheme_reported => errors.push(syn::Error::new(
            input.ident.span(),
            "missing `scheme` in #[id(...)], e.g. #[id(scheme = \"comb_pg\")]",
        )),
        None => {}
        Some(lit) => match scheme_ref(lit) {
            Ok(scheme) if attrs.layout.is_some() && !scheme.args.is_empty() => errors.push(syn::Error::new(
                lit.span(),
                "a declared layout takes no <parameters>: its keys (epoch, unit, ...) are the layout",
            )),
            Ok(scheme) => attrs.scheme = Some(attrs.text.apply(scheme, errors)),
            Err(e) => errors.push(e),
        },
    }
    if let Some(prefix) = &attrs.prefix
        && let Err(why) = check_prefix(&prefix.value())
    {
        errors.push(syn::Error::new(prefix.span(), format!("invalid prefix \"{}\": {why}", prefix.value())));
    }
    if let Some(bind) = &attrs.bind
        && let Err(why) = check_bind(&bind.value())
    {
        errors.push(syn::Error::new(bind.span(), format!("invalid bind name \"{}\": {why}", bind.value())));
    }
    attrs
}

/// `size = N` and `alphabet = "..."`: a text scheme's length and characters. They become the
/// scheme's arguments, `<Alphabet, N>`, the alphabet a type the derive writes; a scheme that
/// takes none refuses them at the scheme literal, as it refuses `<...>` there.
#[derive(Default)]
pub struct TextParams {
    pub size: Option<syn::LitInt>,
    pub alphabet: Option<LitStr>,
    /// Whether a given size or alphabet is bad (reported by [`TextParams::check`]).
    invalid: bool,
}

/// The type the derive writes for `alphabet` (inside the expansion's `const _` block).
const ALPHABET_TYPE: &str = "__IdcraftAlphabet";

/// The longest text a text scheme holds: what a storage array and the runtime's `IdBytes` take.
const MAX_SIZE: u32 = 32;

impl TextParams {
    /// Whether valid parameters are given: those become the scheme's arguments.
    fn given(&self) -> bool {
        (self.size.is_some() || self.alphabet.is_some()) && !self.invalid
    }

    /// Reads `size` or `alphabet` (`Ok(true)`), or leaves other keys (`Ok(false)`).
    fn parse_key(
        &mut self,
        key: &str,
        meta: &syn::meta::ParseNestedMeta<'_>,
        errors: &mut Vec<syn::Error>,
    ) -> syn::Result<bool> {
        let duplicate = || syn::Error::new(meta.path.span(), format!("duplicate key `{key}` in #[id(...)]"));
        match key {
            "size" => {
                let lit: syn::LitInt = meta.value()?.parse().map_err(|e| {
                    syn::Error::new(e.span(), "`size` takes a whole number of characters, like `size = 12`")
                })?;
                if self.size.replace(lit).is_some() {
                    errors.push(duplicate());
                }
                Ok(true)
            }
            "alphabet" => {
                let lit: LitStr = meta.value()?.parse()?;
                if self.alphabet.replace(lit).is_some() {
                    errors.push(duplicate());
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// The scheme with `<Alphabet, N>` as its arguments, or as it is where neither key is
    /// given; an error for both these keys and `<...>` in the literal.
    fn apply(&self, mut scheme: SchemeRef, errors: &mut Vec<syn::Error>) -> SchemeRef {
        if !self.given() {
            return scheme;
        }
        if !scheme.args.is_empty() {
            errors.push(syn::Error::new(
                scheme.span,
                "give the scheme's parameters either in `<...>` or as `size`/`alphabet`, not both",
            ));
            return scheme;
        }
        let alphabet = syn::Ident::new(ALPHABET_TYPE, scheme.span);
        let size = self.size.as_ref().map(|n| quote::quote!(, #n));
        scheme.args = respan(quote::quote!(<#alphabet #size>), scheme.span);
        scheme
    }

    /// The size 1 to 32 and the alphabet 2 to 94 distinct printable ASCII characters other
    /// than space (the runtime checks the same when the type compiles), at the literal.
    fn check(&mut self, errors: &mut Vec<syn::Error>) {
        let before = errors.len();
        if let Some(size) = &self.size {
            match size.base10_parse::<u32>() {
                Ok(n) if (1..=MAX_SIZE).contains(&n) => {}
                _ => errors.push(syn::Error::new(
                    size.span(),
                    format!("invalid size {}: a text ID has 1 to {MAX_SIZE} characters", size.base10_digits()),
                )),
            }
        }
        if let Some(alphabet) = &self.alphabet
            && let Err(why) = check_alphabet(&alphabet.value())
        {
            errors.push(syn::Error::new(alphabet.span(), format!("invalid alphabet {:?}: {why}", alphabet.value())));
        }
        self.invalid = errors.len() > before;
    }

    /// The alphabet type: `alphabet`'s characters, or the scheme's default where only `size`
    /// is given. Empty without these keys.
    pub fn items(&self, p: &TokenStream) -> TokenStream {
        if !self.given() {
            return TokenStream::new();
        }
        let ident = syn::Ident::new(ALPHABET_TYPE, Span::call_site());
        let chars = self.alphabet.as_ref().map(|lit| quote::quote!(const CHARS: &'static str = #lit;));
        quote::quote! {
            #[derive(::core::clone::Clone, ::core::marker::Copy)]
            #[doc(hidden)]
            pub struct #ident;
            impl #p::schemes::Alphabet for #ident { #chars }
        }
    }
}

/// An alphabet: at least 2 characters (one carries no randomness), printable ASCII other than
/// space (a text survives URLs, logs and configs), each once (a repeated one would be drawn
/// more often than the others).
fn check_alphabet(chars: &str) -> Result<(), String> {
    if chars.chars().count() < 2 {
        return Err("an alphabet needs at least 2 characters".into());
    }
    if let Some(c) = chars.chars().find(|c| !c.is_ascii_graphic()) {
        return Err(format!("{c:?} is not printable ASCII other than space"));
    }
    let bytes = chars.as_bytes();
    if let Some((i, &b)) = bytes.iter().enumerate().find(|(i, b)| bytes[..*i].contains(b)) {
        return Err(format!("{:?} appears twice (again at position {i})", char::from(b)));
    }
    Ok(())
}

/// A bind name: what bound tokens are keyed on, so it must survive being written down in a
/// config, a log or another language: 1 to 128 printable ASCII characters.
fn check_bind(name: &str) -> Result<(), &'static str> {
    if name.is_empty() {
        return Err("a bind name needs at least one character");
    }
    if name.len() > 128 {
        return Err("a bind name has at most 128 characters");
    }
    if !name.bytes().all(|b| b.is_ascii_graphic()) {
        return Err("use printable ASCII without spaces, e.g. \"shop.order\"");
    }
    Ok(())
}

/// `name` or `name<arguments>`, every token spanned at the literal so the compiler's own errors
/// about the name or the arguments point there.
fn scheme_ref(lit: &LitStr) -> syn::Result<SchemeRef> {
    let value = lit.value();
    let malformed = || {
        syn::Error::new(
            lit.span(),
            format!("malformed scheme `{value}`: expected a name like \"uid96\" or \"uid96<6>\""),
        )
    };
    let (name, args) = match value.split_once('<') {
        None => (value.as_str(), None),
        Some((name, rest)) => {
            let args: syn::AngleBracketedGenericArguments =
                syn::parse_str(&format!("<{rest}")).map_err(|_| malformed())?;
            (name, Some(args))
        }
    };
    let mut name: syn::Ident = syn::parse_str(name.trim()).map_err(|_| malformed())?;
    name.set_span(lit.span());
    Ok(SchemeRef { name, args: respan(quote::quote!(#args), lit.span()), span: lit.span() })
}

pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    use proc_macro2::TokenTree;
    tokens
        .into_iter()
        .map(|mut tree| {
            if let TokenTree::Group(group) = &tree {
                let mut inner = proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                tree = TokenTree::Group(inner);
            }
            tree.set_span(span);
            tree
        })
        .collect()
}

/// TypeID's prefix rule: 1 to 63 lowercase ASCII letters and underscores, not starting or
/// ending with an underscore.
fn check_prefix(p: &str) -> Result<(), &'static str> {
    if p.is_empty() {
        return Err("a prefix needs at least one character");
    }
    if p.len() > 63 {
        return Err("a prefix has at most 63 characters");
    }
    if !p.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
        return Err("use only lowercase ASCII letters and underscores");
    }
    if p.starts_with('_') || p.ends_with('_') {
        return Err("a prefix cannot start or end with an underscore");
    }
    Ok(())
}

/// The closest candidate within an edit distance of 3, for "did you mean".
fn did_you_mean<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (levenshtein(given, c), c))
        .filter(|(d, _)| *d <= 3)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
