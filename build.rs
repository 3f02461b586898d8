//! Rebuilds when a message catalog is added or removed: the catalogs are embedded from
//! `locales/` (include_dir tracks the files it read, not a file new to the folder).

fn main() {
    println!("cargo:rerun-if-changed=locales");
}
