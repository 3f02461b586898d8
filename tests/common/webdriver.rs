//! Just enough of WebDriver (W3C, with ChromeDriver's log and DevTools endpoints) to drive
//! Debian's Chromium from the tests: start ChromeDriver on a free port, open a headless
//! session with a fresh profile, navigate, find and click elements, press keys, run a line
//! of script, read the browser's console, and end.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key WebDriver names the element reference with.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// ChromeDriver, stopped when dropped.
pub struct Driver {
    child: Child,
    base: String,
    /// The profiles of the browsers it started: a test that fails before it ends its
    /// session leaves its browser running, which the driver's end stops.
    profiles: std::sync::Mutex<Vec<PathBuf>>,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for profile in self
            .profiles
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
        {
            stop_browser(profile);
        }
    }
}

/// Kills every process started with `--user-data-dir=<profile>` (a browser and its helpers).
fn stop_browser(profile: &Path) {
    let flag = format!("--user-data-dir={}", profile.display());
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|p| p.parse::<i32>().ok())
        else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        if cmdline.split(|b| *b == 0).any(|arg| arg == flag.as_bytes()) {
            let _ = Command::new("kill")
                .arg("-KILL")
                .arg(pid.to_string())
                .status();
        }
    }
}

/// A browser session, ended when dropped (best effort).
pub struct Session {
    client: reqwest::Client,
    url: String,
}

/// ChromeDriver at `path`, started on a free port, once it answers.
pub async fn start(path: &Path) -> Driver {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let base = format!("http://127.0.0.1:{port}");
    let until = Instant::now() + Duration::from_secs(20);
    let client = reqwest::Client::new();
    loop {
        if let Ok(r) = client.get(format!("{base}/status")).send().await
            && r.status().is_success()
        {
            break;
        }
        assert!(
            Instant::now() < until,
            "chromedriver does not answer on {base}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Driver {
        child,
        base,
        profiles: Default::default(),
    }
}

impl Driver {
    /// A headless session of `chromium` with a fresh profile in `profile`, saving downloads
    /// in `downloads`, the window of a phone (390 x 844 CSS pixels).
    pub async fn session(&self, chromium: &Path, profile: &Path, downloads: &Path) -> Session {
        self.profiles
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(profile.to_path_buf());
        let client = reqwest::Client::new();
        let capabilities = json!({
            "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:loggingPrefs": { "browser": "ALL" },
                "goog:chromeOptions": {
                    "binary": chromium,
                    "args": [
                        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                        "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync",
                        "--window-size=390,844",
                        format!("--user-data-dir={}", profile.display()),
                    ],
                    "mobileEmulation": {
                        "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 3.0 },
                    },
                    "prefs": {
                        "download.default_directory": downloads,
                        "download.prompt_for_download": false,
                    },
                },
            }}
        });
        let answer: Value = client
            .post(format!("{}/session", self.base))
            .json(&capabilities)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = answer["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_string();
        let session = Session {
            client,
            url: format!("{}/session/{id}", self.base),
        };
        // Downloads without asking, into `downloads` (headless Chromium's own setting).
        session
            .command(
                "goog/cdp/execute",
                json!({ "cmd": "Browser.setDownloadBehavior",
                        "params": { "behavior": "allow", "downloadPath": downloads } }),
            )
            .await;
        session
    }
}

impl Session {
    /// The whole answer to a POST of `body` to the session's `path`.
    async fn post(&self, path: &str, body: Value) -> Value {
        self.client
            .post(format!("{}/{path}", self.url))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }

    /// The value of a command that must succeed.
    async fn command(&self, path: &str, body: Value) -> Value {
        let answer = self.post(path, body).await;
        if let Some(error) = answer["value"]["error"].as_str() {
            panic!("WebDriver {path}: {error}: {}", answer["value"]["message"]);
        }
        answer["value"].clone()
    }

    async fn query(&self, path: &str) -> Value {
        let answer: Value = self
            .client
            .get(format!("{}/{path}", self.url))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        answer["value"].clone()
    }

    /// Opens `url`.
    pub async fn go(&self, url: &str) {
        self.command("url", json!({ "url": url })).await;
    }

    /// The address of the page shown.
    pub async fn url(&self) -> String {
        self.query("url").await.as_str().unwrap_or("").to_string()
    }

    /// The page's HTML as the browser holds it.
    pub async fn source(&self) -> String {
        self.query("source")
            .await
            .as_str()
            .unwrap_or("")
            .to_string()
    }

    /// The element `css` selects, if any.
    pub async fn find(&self, css: &str) -> Option<String> {
        let answer = self
            .post("element", json!({ "using": "css selector", "value": css }))
            .await;
        answer["value"][ELEMENT].as_str().map(str::to_string)
    }

    /// Clicks the element `css` selects (which must be there).
    pub async fn click(&self, css: &str) {
        let element = self
            .find(css)
            .await
            .unwrap_or_else(|| panic!("no element {css}"));
        self.command(&format!("element/{element}/click"), json!({}))
            .await;
    }

    /// Presses and releases one key (a WebDriver key code such as `\u{E014}`, →).
    pub async fn press(&self, key: &str) {
        self.command(
            "actions",
            json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": [
                { "type": "keyDown", "value": key }, { "type": "keyUp", "value": key }
            ]}]}),
        )
        .await;
    }

    /// Runs `script` (a function body) in the page, its value.
    pub async fn run(&self, script: &str) -> Value {
        self.command("execute/sync", json!({ "script": script, "args": [] }))
            .await
    }

    /// Waits until the page's address satisfies `done` (up to 10 s).
    pub async fn wait_for_url(&self, done: impl Fn(&str) -> bool) -> String {
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            let url = self.url().await;
            let ready = self
                .run("return document.readyState")
                .await
                .as_str()
                .is_some_and(|s| s == "complete");
            if done(&url) && ready {
                return url;
            }
            assert!(Instant::now() < until, "the browser stayed on {url}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The browser console's entries since the last call: (level, message).
    pub async fn console(&self) -> Vec<(String, String)> {
        let entries = self.command("se/log", json!({ "type": "browser" })).await;
        entries
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                (
                    e["level"].as_str().unwrap_or("").to_string(),
                    e["message"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    }

    /// Saves what the browser shows as a PNG at `path`.
    pub async fn screenshot(&self, path: &Path) {
        use base64::Engine as _;
        let data = self.query("screenshot").await;
        let png = base64::engine::general_purpose::STANDARD
            .decode(data.as_str().unwrap_or(""))
            .expect("a base64 screenshot");
        std::fs::write(path, png).unwrap();
    }

    /// Ends the session.
    pub async fn end(self) {
        let _ = self.client.delete(&self.url).send().await;
    }
}
