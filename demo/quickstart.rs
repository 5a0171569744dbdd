//! The five-minute tour: declare an ID type, make IDs, print, parse, serialise, read the time.
//!
//! `cargo run --example quickstart` (no server needed).

use idcraft::{Identity, Uuid};
use std::time::SystemTime;

/// An order: a COMB GUID that sorts by creation time in PostgreSQL, shown as `ord_…`.
#[derive(Identity)]
#[id(scheme = "comb_pg", prefix = "ord")]
pub struct OrderId(Uuid);

/// An event: a 10-byte sno ID with a metabyte and a partition.
#[derive(Identity)]
#[id(scheme = "sno", prefix = "evt")]
pub struct EventId([u8; 10]);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Create: strictly increasing in the database's order, even within one millisecond.
    let first = OrderId::new();
    let second = OrderId::new();
    assert!(first < second);
    println!("new:        {first}");
    println!("debug:      {first:?}");

    // Read the embedded time back.
    let age = SystemTime::now().duration_since(first.timestamp())?;
    println!("created:    {:?} ago", age);

    // Parse, with errors that say what is wrong and where.
    let parsed: OrderId = first.to_string().parse()?;
    assert_eq!(parsed, first);
    match "ord_not-a-uuid".parse::<OrderId>() {
        Ok(_) => unreachable!(),
        Err(e) => println!("bad input:  {e}"),
    }

    // Serde: the text in JSON, the 16 raw bytes in binary formats.
    let json = serde_json::to_string(&vec![first, second])?;
    println!("json:       {json}");
    let back: Vec<OrderId> = serde_json::from_str(&json)?;
    assert_eq!(back, [first, second]);

    // The storage type, for the database column.
    let uuid: Uuid = first.into();
    println!("storage:    {uuid} (version {})", uuid.get_version_num());

    // Everything made in a time window is a primary-key range scan.
    let since = SystemTime::now() - std::time::Duration::from_secs(60);
    println!("range:      {} ..= {}", OrderId::min_at(since), OrderId::max_at(SystemTime::now()));

    // Another scheme, with its own fields.
    let event = EventId::new_with_meta(7);
    println!(
        "event:      {event} (meta {}, partition {}, sequence {})",
        event.meta(),
        event.partition(),
        event.sequence()
    );
    Ok(())
}
