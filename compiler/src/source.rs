//! Reading a `.variant` file's bytes as text: UTF-8, with an optional
//! byte-order mark, or the diagnostic `E0050` at the first invalid byte.
//!
//! ```
//! use fairyc_compiler::source::decode;
//! assert_eq!(decode(b"\xEF\xBB\xBFvariant"), Ok("variant"));
//! let e = decode(b"ab\ncd\xFF").unwrap_err();
//! assert_eq!((e.offset, e.len), (5, 1));
//! ```

use std::fmt;

use codespan_reporting::diagnostic::{Diagnostic, Label};

/// The UTF-8 byte-order mark, skipped at the start of a file.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `E0050`: the file is not valid UTF-8.
///
/// Offsets count from the start of the file after any byte-order mark, as
/// do the spans of everything else read from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidUtf8 {
    /// The first byte that is not part of valid UTF-8.
    pub offset: usize,
    /// How many bytes there are invalid (1 to 3).
    pub len: usize,
    /// The first invalid byte.
    pub byte: u8,
}

impl InvalidUtf8 {
    /// The stable code: `E0050`.
    pub const CODE: &'static str = "E0050";

    /// The diagnostic, pointing into the text of [`lossy`] (where the
    /// invalid bytes are one replacement character).
    pub fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        let end = self.offset + char::REPLACEMENT_CHARACTER.len_utf8();
        Diagnostic::error()
            .with_code(Self::CODE)
            .with_message(self.to_string())
            .with_labels(vec![Label::primary(file, self.offset..end).with_message(
                format!("byte 0x{:02X} is not valid UTF-8 here", self.byte),
            )])
            .with_notes(vec![
                "help: save the file as UTF-8 (plain ASCII is UTF-8 too)".to_string(),
            ])
    }
}

impl fmt::Display for InvalidUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the file is not valid UTF-8")
    }
}

impl std::error::Error for InvalidUtf8 {}

/// The bytes without a leading byte-order mark.
pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

/// The file's text: UTF-8 after an optional byte-order mark (skipped).
///
/// # Errors
///
/// [`InvalidUtf8`] at the first invalid byte (counted after the mark).
pub fn decode(bytes: &[u8]) -> Result<&str, InvalidUtf8> {
    let bytes = strip_bom(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let offset = e.valid_up_to();
        let len = e.error_len().unwrap_or(bytes.len() - offset);
        InvalidUtf8 {
            offset,
            len,
            byte: bytes.get(offset).copied().unwrap_or_default(),
        }
    })
}

/// The text with invalid bytes replaced by U+FFFD (and the byte-order mark
/// skipped): what a diagnostic of [`InvalidUtf8`] points into.
pub fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(strip_bom(bytes)).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(decode(b"\xEF\xBB\xBFab"), Ok("ab"));
        assert_eq!(decode(b"ab"), Ok("ab"));
    }

    #[test]
    fn the_error_holds_the_offset_after_the_mark() {
        let e = decode(b"\xEF\xBB\xBFab\xFFc").expect_err("invalid");
        assert_eq!((e.offset, e.len, e.byte), (2, 1, 0xFF));
        let e = decode(b"ab\xE2\x82").expect_err("truncated");
        assert_eq!((e.offset, e.len, e.byte), (2, 2, 0xE2));
    }

    #[test]
    fn the_label_covers_the_replacement_character() {
        let bytes = b"ab\n\xFFcd";
        let e = decode(bytes).expect_err("invalid");
        let text = lossy(bytes);
        let d = e.to_diagnostic(());
        let range = d.labels[0].range.clone();
        assert_eq!(text.get(range), Some("\u{FFFD}"));
        assert_eq!(d.code.as_deref(), Some("E0050"));
    }
}
