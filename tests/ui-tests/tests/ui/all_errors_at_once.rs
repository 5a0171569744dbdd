use idcraft::Identity;

#[derive(Identity)]
#[id(schema = "sno", prefix = "EVT", encoding = "sno32")]
pub struct EventId([u8; 10]);


// Attribute errors do not hide the runtime's checks of the scheme and its text form.
#[derive(Identity)]
#[id(scheme = "sno", prefix = "Evt", encoding = "base62")]
pub struct OtherId([u8; 10]);

#[derive(Identity)]
#[id(scheme = "snow", prefix = "evt_")]
pub struct ThirdId([u8; 10]);

fn main() {}
