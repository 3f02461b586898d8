//! What the end-to-end benchmarks share: their settings from the environment and the
//! summary of a series of timings.

/// The number in the environment variable `name`, or `default`.
pub fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Prints a series of timings (milliseconds) under `label`; returns its median and 95th
/// percentile.
pub fn stats(label: &str, mut ms: Vec<f64>) -> (f64, f64) {
    ms.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = ms[ms.len() / 2];
    let p95 = ms[((ms.len() as f64 * 0.95).ceil() as usize).min(ms.len()) - 1];
    println!(
        "{label}: n={} median {median:.1} ms, p95 {p95:.1} ms, min {:.1} ms, max {:.1} ms",
        ms.len(),
        ms[0],
        ms[ms.len() - 1]
    );
    (median, p95)
}

/// A small deterministic generator (xorshift64*), so that every run measures the same
/// thing. Not every bench that includes this file draws numbers.
#[allow(dead_code)]
pub struct Rng(pub u64);

#[allow(dead_code)]
impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
