use idcraft::Identity;

#[derive(Identity)]
#[id(scheme = "nanoid", size = 0)]
pub struct Empty([u8; 0]);

#[derive(Identity)]
#[id(scheme = "nanoid", size = 33)]
pub struct TooLong([u8; 33]);

#[derive(Identity)]
#[id(scheme = "nanoid", size = "12")]
pub struct NotANumber([u8; 12]);

#[derive(Identity)]
#[id(scheme = "nanoid", alphabet = "a")]
pub struct OneCharacter([u8; 21]);

#[derive(Identity)]
#[id(scheme = "nanoid", alphabet = "abca")]
pub struct Repeated([u8; 21]);

#[derive(Identity)]
#[id(scheme = "nanoid", alphabet = "ab cd")]
pub struct Space([u8; 21]);

#[derive(Identity)]
#[id(scheme = "nanoid", alphabet = "abcé")]
pub struct NotAscii([u8; 21]);

#[derive(Identity)]
#[id(scheme = "nanoid", size = 12, size = 13)]
pub struct TwoSizes([u8; 12]);

#[derive(Identity)]
#[id(scheme = "nanoid<::idcraft::schemes::UrlSafe, 12>", size = 12)]
pub struct BothForms([u8; 12]);

#[derive(Identity)]
#[id(scheme = "ksuid", size = 12)]
pub struct NotATextScheme([u8; 20]);

#[derive(Identity)]
#[id(scheme = "nanoid")]
pub struct NoTime([u8; 21]);

fn main() {
    let _ = NoTime::new().timestamp();
    let _ = NoTime::min_at(std::time::SystemTime::now());
}
