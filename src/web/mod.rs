//! The public pages over HTTP (axum): the front page, each game (`/games/12`, stepping with
//! `?ply=N`, its record at `/games/12/record`), each player (`/players/<handle>`) and each
//! event (`/events/<name>`), in the reader's language. Read-only: the pages take no form,
//! set no cookie, and read the store through connections that cannot write. Served by
//! `arbitre web`, and by `arbitre run` when `[web] listen` is set.

pub mod handle;
pub mod language;
pub mod site;

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::render::pages::{self, Chrome, Missing};
pub use site::{Answer, Site, WebSettings};

/// The pages' routes.
pub fn routes(site: Arc<Site>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/games/{id}", get(game))
        .route("/games/{id}/record", get(record))
        .route("/players/{handle}", get(player))
        .route("/events/{name}", get(event))
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

/// The query of a page's address, read leniently: unknown or repeated keys are ignored.
#[derive(Debug, Default)]
struct Query {
    lang: Option<String>,
    ply: Option<String>,
}

impl Query {
    fn read(raw: Option<&str>) -> Query {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(raw.unwrap_or("")).unwrap_or_default();
        let mut q = Query::default();
        for (k, v) in pairs {
            match k.as_str() {
                "lang" => q.lang = Some(v),
                "ply" => q.ply = Some(v),
                _ => {}
            }
        }
        q
    }
}

/// The frame of the page at `path` for this request.
fn chrome(site: &Site, path: &str, query: &Query, headers: &HeaderMap) -> Chrome {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    let (lang, pinned) = language::choose(query.lang.as_deref(), accept, site.default_lang());
    Chrome::new(lang, pinned, path, String::new())
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

async fn index(
    State(site): State<Arc<Site>>,
    RawQuery(q): RawQuery,
    headers: HeaderMap,
) -> Response {
    let query = Query::read(q.as_deref());
    let chrome = chrome(&site, "/", &query, &headers);
    answer(site, move |s| s.index(chrome)).await
}

async fn game(
    State(site): State<Arc<Site>>,
    Path(id): Path<String>,
    RawQuery(q): RawQuery,
    headers: HeaderMap,
) -> Response {
    let query = Query::read(q.as_deref());
    let path = match &query.ply {
        Some(p) => format!("/games/{id}?ply={p}"),
        None => format!("/games/{id}"),
    };
    let chrome = chrome(&site, &path, &query, &headers);
    let Ok(id) = id.parse::<i64>() else {
        return missing(chrome, Missing::Game);
    };
    let step = match query.ply.as_deref().map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => return missing(chrome, Missing::Move),
    };
    let now = crate::daemon::now();
    answer(site, move |s| s.game(chrome, id, step, now)).await
}

async fn record(
    State(site): State<Arc<Site>>,
    Path(id): Path<String>,
    RawQuery(q): RawQuery,
    headers: HeaderMap,
) -> Response {
    let query = Query::read(q.as_deref());
    let chrome = chrome(&site, &format!("/games/{id}/record"), &query, &headers);
    let Ok(id) = id.parse::<i64>() else {
        return missing(chrome, Missing::Game);
    };
    answer(site, move |s| s.record(chrome, id)).await
}

async fn player(
    State(site): State<Arc<Site>>,
    Path(key): Path<String>,
    RawQuery(q): RawQuery,
    headers: HeaderMap,
) -> Response {
    let query = Query::read(q.as_deref());
    let chrome = chrome(&site, &format!("/players/{key}"), &query, &headers);
    let now = crate::daemon::now();
    answer(site, move |s| s.player(chrome, &key, now)).await
}

async fn event(
    State(site): State<Arc<Site>>,
    Path(name): Path<String>,
    RawQuery(q): RawQuery,
    headers: HeaderMap,
) -> Response {
    let query = Query::read(q.as_deref());
    let chrome = chrome(
        &site,
        &format!("/events/{}", escape_path(&name)),
        &query,
        &headers,
    );
    let now = crate::daemon::now();
    answer(site, move |s| s.event(chrome, &name, now)).await
}

async fn nowhere(
    State(site): State<Arc<Site>>,
    RawQuery(q): RawQuery,
    headers: HeaderMap,
) -> Response {
    let query = Query::read(q.as_deref());
    missing(chrome(&site, "/", &query, &headers), Missing::Page)
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
