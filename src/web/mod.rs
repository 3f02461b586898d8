//! The public pages over HTTP (axum): the front page, each game (`/games/12`, stepping with
//! `?ply=N`, its record at `/games/12/record`), each player (`/players/<handle>`), each
//! event (`/events/<name>`) and the statistics (`/stats`, `/stats/<game>`), in the
//! reader's language. Read-only: the pages take no form, set no cookie, and read the store
//! through connections that cannot write. Served by `arbitre web`, and by `arbitre run`
//! when `[web] listen` is set.

pub mod figures;
pub mod handle;
pub mod language;
pub mod ratings;
pub mod site;

use std::sync::Arc;

use axum::Router;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::pages::{self, Chrome, Missing};
pub use site::{Answer, Site, WebSettings};

/// The pages' routes.
pub fn routes(site: Arc<Site>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/games/{id}", get(game))
        .route("/games/{id}/record", get(record))
        .route("/players/{handle}", get(player))
        .route("/events/{name}", get(event))
        .route("/stats", get(stats))
        .route("/stats/{game}", get(game_stats))
        .route("/assets/site.css", get(style))
        .route("/assets/step.js", get(script))
        .route("/assets/icon.svg", get(icon))
        .fallback(nowhere)
        .with_state(site)
        .layer(axum::middleware::map_response(guarded))
}

/// Serves `routes` on `socket` until `stop` resolves.
pub async fn serve(
    socket: tokio::net::TcpListener,
    routes: Router,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(socket, routes)
        .with_graceful_shutdown(stop)
        .await
}

/// What a request brings besides its path: the query of the address (read leniently:
/// unknown or repeated keys are ignored, a query that does not parse is none) and the
/// reader's browser languages.
#[derive(Debug, Default)]
struct Visit {
    lang: Option<String>,
    ply: Option<String>,
    accept: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Visit {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Visit, Self::Rejection> {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(parts.uri.query().unwrap_or("")).unwrap_or_default();
        let mut visit = Visit {
            accept: parts
                .headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string),
            ..Visit::default()
        };
        for (k, v) in pairs {
            match k.as_str() {
                "lang" => visit.lang = Some(v),
                "ply" => visit.ply = Some(v),
                _ => {}
            }
        }
        Ok(visit)
    }
}

impl Visit {
    /// The frame of the page at `path` for this reader.
    fn chrome(&self, site: &Site, path: &str) -> Chrome {
        let (lang, pinned) = language::choose(
            self.lang.as_deref(),
            self.accept.as_deref(),
            site.default_lang(),
        );
        Chrome::new(lang, pinned, path, String::new())
    }
}

/// Runs a page's reading off the async threads, and answers with what it gave.
async fn answer(
    site: Arc<Site>,
    read: impl FnOnce(&Site) -> Result<Answer, crate::store::StoreError> + Send + 'static,
) -> Response {
    match tokio::task::spawn_blocking(move || read(&site)).await {
        Ok(Ok(Answer::Page(html))) => html_response(StatusCode::OK, html),
        Ok(Ok(Answer::Missing(html))) => html_response(StatusCode::NOT_FOUND, html),
        Ok(Ok(Answer::Record(text, file))) => (
            StatusCode::OK,
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{file}\""),
                ),
            ],
            text,
        )
            .into_response(),
        Ok(Err(e)) => {
            tracing::error!("the pages cannot read the store: {e}");
            unavailable()
        }
        Err(e) => {
            tracing::error!("a page failed: {e}");
            unavailable()
        }
    }
}

fn html_response(status: StatusCode, html: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        html,
    )
        .into_response()
}

fn unavailable() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "30")],
        "The pages cannot be read just now; try again in a minute.\n",
    )
        .into_response()
}

async fn index(State(site): State<Arc<Site>>, visit: Visit) -> Response {
    let chrome = visit.chrome(&site, "/");
    answer(site, move |s| s.index(chrome)).await
}

async fn game(State(site): State<Arc<Site>>, Path(id): Path<String>, visit: Visit) -> Response {
    let path = match &visit.ply {
        Some(p) => format!("/games/{}?ply={}", escape_path(&id), escape_path(p)),
        None => format!("/games/{}", escape_path(&id)),
    };
    let chrome = visit.chrome(&site, &path);
    let Ok(id) = id.parse::<i64>() else {
        return missing(chrome, Missing::Game);
    };
    let step = match visit.ply.as_deref().map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => return missing(chrome, Missing::Move),
    };
    let now = crate::base::now();
    answer(site, move |s| s.game(chrome, id, step, now)).await
}

async fn record(State(site): State<Arc<Site>>, Path(id): Path<String>, visit: Visit) -> Response {
    let chrome = visit.chrome(&site, &format!("/games/{}/record", escape_path(&id)));
    let Ok(id) = id.parse::<i64>() else {
        return missing(chrome, Missing::Game);
    };
    answer(site, move |s| s.record(chrome, id)).await
}

async fn player(State(site): State<Arc<Site>>, Path(key): Path<String>, visit: Visit) -> Response {
    let chrome = visit.chrome(&site, &format!("/players/{}", escape_path(&key)));
    let now = crate::base::now();
    answer(site, move |s| s.player(chrome, &key, now)).await
}

async fn event(State(site): State<Arc<Site>>, Path(name): Path<String>, visit: Visit) -> Response {
    let chrome = visit.chrome(&site, &format!("/events/{}", escape_path(&name)));
    let now = crate::base::now();
    answer(site, move |s| s.event(chrome, &name, now)).await
}

async fn stats(State(site): State<Arc<Site>>, visit: Visit) -> Response {
    let chrome = visit.chrome(&site, "/stats");
    answer(site, move |s| s.stats(chrome, None)).await
}

async fn game_stats(
    State(site): State<Arc<Site>>,
    Path(game): Path<String>,
    visit: Visit,
) -> Response {
    let chrome = visit.chrome(&site, &format!("/stats/{}", escape_path(&game)));
    let Some(kind) = crate::games::GameKind::from_name(&game) else {
        return missing(chrome, Missing::Page);
    };
    answer(site, move |s| s.stats(chrome, Some(kind))).await
}

async fn nowhere(State(site): State<Arc<Site>>, visit: Visit) -> Response {
    missing(visit.chrome(&site, "/"), Missing::Page)
}

fn missing(chrome: Chrome, what: Missing) -> Response {
    use askama::Template;
    let html = pages::missing(chrome, what).render().unwrap_or_default();
    html_response(StatusCode::NOT_FOUND, html)
}

/// A path segment as it may stand in a link (event names are letters, digits and `-`;
/// anything else is percent-encoded).
fn escape_path(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", pages::STYLE)
}

async fn script() -> Response {
    asset("text/javascript; charset=utf-8", pages::STEP_SCRIPT)
}

async fn icon() -> Response {
    asset("image/svg+xml", ICON)
}

/// The pages' icon: a small board.
const ICON: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\">\
<rect width=\"4\" height=\"4\" fill=\"#b9a77c\"/>\
<path d=\"M0 0h1v1H0zM2 0h1v1H2zM1 1h1v1H1zM3 1h1v1H3zM0 2h1v1H0zM2 2h1v1H2zM1 3h1v1H1zM3 3h1v1H3z\" fill=\"#5d4a2a\"/>\
</svg>";

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

/// Every answer: no framing, no sniffing, no referrer, and only the pages' own style and
/// script (the boards are inline SVG).
async fn guarded(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; \
             base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}
