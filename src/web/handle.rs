//! The handle in a player's page address (`/players/3f9a2c1b07d4`): derived from their
//! address with the installation's page-handle key ([`crate::keys::Purpose::PageHandle`]),
//! so that it is stable, says nothing of the address, and cannot be checked against a
//! guessed address without the key. The pages hold that key alone, never the secret.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The handle of `address` under `key`: 12 hexadecimal digits.
pub fn handle(key: &[u8], address: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("any key length");
    mac.update(b"arbitre public page\0");
    mac.update(address.trim().to_lowercase().as_bytes());
    mac.finalize().into_bytes()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_handle_is_stable_short_and_differs_by_address_and_secret() {
        let a = handle(b"a secret of sixteen", "Alice@Example.org");
        assert_eq!(a, handle(b"a secret of sixteen", "alice@example.org"));
        assert_eq!(a.len(), 12);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, handle(b"a secret of sixteen", "bob@example.org"));
        assert_ne!(a, handle(b"another secret here", "alice@example.org"));
        assert!(!a.contains("alice"));
    }
}
