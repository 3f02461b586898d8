//! `arbitre web --config FILE [--listen ADDR]`: the public pages alone, until SIGTERM or
//! SIGINT; and the pages `arbitre run` serves beside the daemon when `[web] listen` is set.

use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use tokio::sync::watch;

use super::setup::{ConfigArg, load, load_checked};
use crate::config::Config;
use crate::keys::Purpose;
use crate::web::{Site, WebSettings, routes, serve};

/// `arbitre web`.
#[derive(Debug, Args)]
pub struct WebArgs {
    /// The configuration file.
    #[command(flatten)]
    pub config: ConfigArg,
    /// Where to serve the pages (`127.0.0.1:8080`); default: the configuration's
    /// `web.listen`.
    #[arg(long, value_name = "ADDR:PORT")]
    pub listen: Option<String>,
}

/// The pages being served: stop them with [`Pages::stop`].
pub struct Pages {
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Pages {
    /// Stops serving (requests in hand are finished) and waits for the server to end.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        match self.task.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::error!("the pages stopped: {e}"),
            Err(e) => tracing::error!("the pages stopped: {e}"),
        }
    }
}

/// The pages' settings from the configuration: the page-handle keys alone, never the
/// installation's secret.
pub fn settings(config: &Config) -> Result<WebSettings, String> {
    Ok(WebSettings {
        store: config.store.location()?,
        page_keys: config.page_keys()?,
        default_lang: config.bot.default_lang,
        clock: config.clock.read().map_err(|p| p.join(" "))?,
    })
}

/// Starts serving the pages on `listen`.
pub async fn start(config: &Config, listen: &str) -> Result<Pages, String> {
    let site = Site::new(settings(config)?);
    site.check()
        .map_err(|e| format!("the pages cannot read the store: {e}"))?;
    let socket = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| format!("cannot serve the pages on {listen}: {e}"))?;
    tracing::info!(listen = %listen, "serving the public pages");
    let (stop, mut stopped) = watch::channel(false);
    let task = tokio::spawn(serve(socket, routes(Arc::new(site)), async move {
        let _ = stopped.wait_for(|s| *s).await;
    }));
    Ok(Pages { stop, task })
}

/// `arbitre web --config FILE`: with `web.page-key`, the configuration is checked only as
/// far as the pages need it, and no other secret is read.
pub fn web(args: &WebArgs) -> ExitCode {
    super::setup::init_tracing("info");
    let loaded = load_checked(&args.config.config, |c| {
        if c.web.page_key.is_some() {
            c.check_pages()
        } else {
            c.check_offline()
        }
    });
    let config = match loaded {
        Ok(c) => c,
        Err(code) => return code,
    };
    let Some(listen) = args.listen.clone().or_else(|| config.web.listen.clone()) else {
        eprintln!(
            "arbitre: where should the pages be served? Set web.listen in {} or give --listen.",
            args.config.config.display()
        );
        return ExitCode::from(2);
    };
    let rt = super::setup::runtime();
    rt.block_on(async {
        let pages = match start(&config, &listen).await {
            Ok(p) => p,
            Err(e) => {
                eprintln!("arbitre: {e}");
                return ExitCode::from(1);
            }
        };
        println!("arbitre: the pages are at http://{listen}/");
        super::setup::shutdown_signal().await;
        pages.stop().await;
        ExitCode::SUCCESS
    })
}

/// `arbitre page-key --config FILE`: prints the key of the players' page handles, for
/// `web.page-key` in the configuration of an `arbitre web` run apart (under another user,
/// without the installation's secret).
pub fn page_key(args: &ConfigArg) -> ExitCode {
    let config = match load(&args.config) {
        Ok(c) => c,
        Err(code) => return code,
    };
    match config.bot.keyring() {
        Ok(ring) => {
            let key = ring.current().key(Purpose::PageHandle);
            let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
            println!("{hex}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbitre: {e}");
            ExitCode::from(1)
        }
    }
}
