//! The public pages: served by a real `arbitre web`, read over HTTP and in a headless Chromium.
//!
//! One test binary for what used to be 2: each file below is one module, its
//! tests named `file::test` (`cargo test --test web web_pages::`).

#[path = "../common/finished.rs"]
mod finished;
#[path = "../common/site.rs"]
mod site;
#[path = "../skip/mod.rs"]
mod skip;
#[path = "../common/webdriver.rs"]
mod webdriver;

mod web_browser;
mod web_pages;
mod web_stats;
