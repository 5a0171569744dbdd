//! A COMB ID with only the `comb` family on.

use idcraft::{Identity, Uuid};

/// An order ID.
#[derive(Identity)]
#[id(scheme = "comb_pg")]
pub struct OrderId(Uuid);

#[cfg(test)]
mod tests {
    use super::OrderId;

    #[test]
    fn the_family_that_is_on_works() {
        let id = OrderId::new();
        assert_eq!(id.to_string().parse::<OrderId>().unwrap(), id);
        assert!(OrderId::new() > id);
    }

    #[test]
    fn only_that_family_is_named() {
        assert_eq!(idcraft::schemes::NAMES, ["comb_sql", "comb_pg", "comb_legacy", "comb_binary"]);
    }
}
