use idcraft::Identity;

#[derive(Identity)]
#[id(schema = "sno", prefix = "EVT", encoding = "sno32")]
pub struct EventId([u8; 10]);

fn main() {}
