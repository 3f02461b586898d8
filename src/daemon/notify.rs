//! systemd readiness notification (`Type=notify`): a datagram such as `READY=1` sent to the
//! unix socket named by `$NOTIFY_SOCKET` (a path, or an abstract name starting with `@`). A
//! no-op outside systemd.

use std::os::unix::net::UnixDatagram;

/// Sends `state` (`READY=1`, `STOPPING=1`, `STATUS=...`) to systemd, if it is listening.
pub fn notify(state: &str) {
    if let Some(path) = std::env::var_os("NOTIFY_SOCKET") {
        notify_to(&path.to_string_lossy(), state);
    }
}

/// Sends `state` to the notification socket at `path`.
pub fn notify_to(path: &str, state: &str) {
    let Ok(socket) = UnixDatagram::unbound() else {
        return;
    };
    let sent = if let Some(name) = path.strip_prefix('@') {
        use std::os::linux::net::SocketAddrExt;
        std::os::unix::net::SocketAddr::from_abstract_name(name.as_bytes())
            .and_then(|addr| socket.send_to_addr(state.as_bytes(), &addr))
    } else {
        socket.send_to(state.as_bytes(), path)
    };
    if let Err(e) = sent {
        tracing::warn!(cause = %e, socket = path, "cannot notify systemd");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_reaches_the_notify_socket() {
        let dir = std::env::temp_dir().join(format!("arbitre-notify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("notify.sock");
        let listener = UnixDatagram::bind(&path).unwrap();
        notify_to(path.to_str().unwrap(), "READY=1");
        let mut buf = [0u8; 64];
        let n = listener.recv(&mut buf).unwrap();
        assert_eq!(&buf[..n], b"READY=1");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
