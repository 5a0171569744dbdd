use idcraft::Identity;

#[derive(Identity)]
#[id(scheme = "sno", encoding = "base62")]
pub struct EventId([u8; 10]);

fn main() {}
