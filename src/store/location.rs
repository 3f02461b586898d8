//! Where the store is: a SQLite file or a PostgreSQL database, as `[store]` names it
//! (`path = "..."`, or `url = "sqlite:///..."` / `url = "postgres://..."`).

use std::path::PathBuf;

use super::postgresql::{self, Settings};

/// Where the store is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL database (which must exist; its tables are created if missing).
    Postgres(Settings),
}

impl Location {
    /// Reads a store URL: `sqlite://` followed by a path (`sqlite:///var/lib/arbitre/a.db`
    /// for an absolute one), or `postgres://` / `postgresql://` as libpq writes it.
    pub fn from_url(
        url: &str,
        password: Option<String>,
        ca_file: Option<PathBuf>,
    ) -> Result<Location, String> {
        if let Some(path) = url.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err(format!("`{url}` names no file"));
            }
            if password.is_some() || ca_file.is_some() {
                return Err("a SQLite store takes no password and no CA file".into());
            }
            return Ok(Location::Sqlite(PathBuf::from(path)));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let checked: Result<tokio_postgres::Config, _> = url.parse();
            if let Err(e) = checked {
                return Err(format!(
                    "`{}` is not a PostgreSQL URL: {e}",
                    postgresql::redacted(url)
                ));
            }
            return Ok(Location::Postgres(Settings {
                url: url.to_owned(),
                password,
                ca_file,
            }));
        }
        Err(format!(
            "`{}` is not a store URL: write sqlite:///PATH or postgres://USER@HOST/DATABASE",
            postgresql::redacted(url)
        ))
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(path) => write!(f, "{}", path.display()),
            Location::Postgres(s) => f.write_str(&postgresql::redacted(&s.url)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_their_database() {
        assert_eq!(
            Location::from_url("sqlite:///var/lib/arbitre/a.db", None, None),
            Ok(Location::Sqlite("/var/lib/arbitre/a.db".into()))
        );
        assert_eq!(
            Location::from_url("sqlite://a.db", None, None),
            Ok(Location::Sqlite("a.db".into()))
        );
        let pg = Location::from_url(
            "postgres://arbitre:pw@127.0.0.1:5432/arbitre?sslmode=require",
            None,
            Some("/etc/ca.pem".into()),
        )
        .unwrap();
        assert_eq!(
            pg.to_string(),
            "postgres://arbitre:***@127.0.0.1:5432/arbitre?sslmode=require"
        );
        for bad in [
            "mysql://x/y",
            "sqlite://",
            "/var/lib/a.db",
            "postgres://x/y?sslmode=nonsense",
        ] {
            let e = Location::from_url(bad, None, None).unwrap_err();
            assert!(!e.contains("pw"), "{e}");
        }
        assert!(Location::from_url("sqlite://a.db", Some("pw".into()), None).is_err());
    }
}
