//! The PNGs of the latest board pictures. The mails of one move, the forward to the
//! opponent and the confirmation to the mover, show the same position in the same words
//! (when both read the same language): the picture is rasterised once for both.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use crate::render::PictureError;

/// How many pictures are kept: a few moves' worth, a few hundred kilobytes.
const KEPT: usize = 8;

/// A picture's SVG and its PNG.
type Kept = (Arc<str>, Arc<[u8]>);

/// The latest pictures, newest last.
static LATEST: Mutex<VecDeque<Kept>> = Mutex::new(VecDeque::new());

/// The PNG of `svg` as a mail carries it, rasterised unless one of the latest pictures was
/// the same.
pub fn png(svg: &str) -> Result<Arc<[u8]>, PictureError> {
    if let Some(png) = kept(svg) {
        return Ok(png);
    }
    let png: Arc<[u8]> = crate::render::png(svg, None)?.into();
    let mut latest = LATEST.lock().unwrap_or_else(|e| e.into_inner());
    if latest.len() >= KEPT {
        latest.pop_front();
    }
    latest.push_back((svg.into(), png.clone()));
    Ok(png)
}

fn kept(svg: &str) -> Option<Arc<[u8]>> {
    let latest = LATEST.lock().unwrap_or_else(|e| e.into_inner());
    latest
        .iter()
        .rev()
        .find(|(s, _)| **s == *svg)
        .map(|(_, png)| png.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(colour: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\">\
             <rect width=\"4\" height=\"4\" fill=\"{colour}\"/></svg>"
        )
    }

    #[test]
    fn the_same_picture_is_rasterised_once_and_another_again() {
        let red = square("#f00");
        let a = png(&red).unwrap();
        let b = png(&red).unwrap();
        assert!(
            Arc::ptr_eq(&a, &b),
            "the second mail reuses the first's PNG"
        );
        let blue = png(&square("#00f")).unwrap();
        assert_ne!(*blue, *a);
        // Past the pictures kept, the oldest is drawn again, alike.
        for i in 0..KEPT {
            png(&square(&format!("#0{i}0"))).unwrap();
        }
        let again = png(&red).unwrap();
        assert_eq!(*again, *a);
    }
}
