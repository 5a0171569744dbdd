//! One name for one fact that three places test: whether the target's loader runs
//! `.init_array` entries, so that the fork handler is registered when the library loads
//! (`src/fork.rs`) and the fork tests know it was (`tests/fork.rs`).

fn main() {
    println!("cargo::rustc-check-cfg=cfg(idcraft_init_array)");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    // The ELF systems whose loaders (glibc's, musl's, Android's bionic, the BSDs', illumos's)
    // call each `.init_array` entry before `main` or before `dlopen` returns.
    if matches!(os.as_str(), "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "illumos") {
        println!("cargo::rustc-cfg=idcraft_init_array");
    }
}
