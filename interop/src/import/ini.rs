//! Reading a Fairy-Stockfish `variants.ini` the way Fairy-Stockfish 11.1
//! reads it, keeping the place of every section, key and value.
//!
//! FSF 11.1 skips everything before the first line that starts with `[`.
//! A section header is `[name]` or `[name:parent]`; the rest of its line is
//! ignored. In a section, a line starting with `#` is a comment; any other
//! line is `key = value`: the key is the text before the first `=` with its
//! trailing spaces removed (leading spaces stay part of the key), the value
//! the text after it with its leading spaces removed. A line without `=`,
//! or with nothing after it, is ignored. A later key of the same name
//! replaces an earlier one. (A trailing carriage return is dropped here.)

use fairyc_compiler::span::Span;

/// `key = value` in a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key as FSF reads it.
    pub key: String,
    /// Where the key is.
    pub key_span: Span,
    /// The value (trailing spaces removed).
    pub value: String,
    /// Where the value is.
    pub value_span: Span,
}

/// One `[name]` or `[name:parent]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The variant's name.
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// The parent's name and where it is, for `[name:parent]`.
    pub parent: Option<(String, Span)>,
    /// The whole header line.
    pub header_span: Span,
    /// The entries, in file order.
    pub entries: Vec<Entry>,
}

/// Why a line is ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// Before the first section.
    BeforeSection,
    /// No `=` in the line.
    NoEquals,
    /// Nothing after the `=`.
    NoValue,
    /// Nothing before the `=`.
    NoKey,
}

/// A whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ini {
    /// The sections, in file order.
    pub sections: Vec<Section>,
    /// Lines FSF ignores although they are not comments or blank.
    pub ignored: Vec<(Span, Ignored)>,
    /// The limit the text exceeds, and where: reading stopped there.
    pub over: Option<(Span, IniLimit)>,
}

/// The longest `variants.ini` text read, in bytes (8 MiB, as for a
/// `.variant` file; Fairy-Stockfish's own file is under 100 KiB).
pub const MAX_INI_BYTES: usize = 8 << 20;

/// The most sections of one file (Fairy-Stockfish's own has about 150;
/// each section is compiled, in about 10 ms).
pub const MAX_INI_SECTIONS: usize = 1024;

/// The most `key = value` lines of one file, and the most ignored lines.
pub const MAX_INI_ENTRIES: usize = 1 << 16;

/// A limit of [`parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IniLimit {
    /// [`MAX_INI_BYTES`].
    Bytes,
    /// [`MAX_INI_SECTIONS`].
    Sections,
    /// [`MAX_INI_ENTRIES`] `key = value` lines.
    Entries,
    /// [`MAX_INI_ENTRIES`] ignored lines.
    Ignored,
}

impl IniLimit {
    /// The limit, and what it counts.
    pub fn describe(self) -> (usize, &'static str) {
        match self {
            IniLimit::Bytes => (MAX_INI_BYTES, "bytes"),
            IniLimit::Sections => (MAX_INI_SECTIONS, "sections"),
            IniLimit::Entries => (MAX_INI_ENTRIES, "`key = value` lines"),
            IniLimit::Ignored => (MAX_INI_ENTRIES, "ignored lines"),
        }
    }
}

/// Reads a `variants.ini` text.
///
/// ```
/// let ini = fairyc_interop::import::ini::parse("[mine:chess]\nmaxFile = 10\n");
/// assert_eq!(ini.sections[0].name, "mine");
/// assert_eq!(ini.sections[0].entries[0].value, "10");
/// ```
///
/// Reading stops at the first limit the text exceeds ([`Ini::over`]):
/// [`MAX_INI_BYTES`], [`MAX_INI_SECTIONS`], [`MAX_INI_ENTRIES`].
pub fn parse(text: &str) -> Ini {
    let mut ini = Ini::default();
    if text.len() > MAX_INI_BYTES {
        let mut at = MAX_INI_BYTES;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        ini.over = Some((Span::new(at, at), IniLimit::Bytes));
        return ini;
    }
    let mut offset = 0;
    let mut entries = 0usize;
    for raw in text.split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let over = if line.starts_with('[') && ini.sections.len() >= MAX_INI_SECTIONS {
            Some(IniLimit::Sections)
        } else if entries >= MAX_INI_ENTRIES {
            Some(IniLimit::Entries)
        } else if ini.ignored.len() >= MAX_INI_ENTRIES {
            Some(IniLimit::Ignored)
        } else {
            None
        };
        if let Some(limit) = over {
            ini.over = Some((Span::new(start, start + line.len()), limit));
            break;
        }
        if let Some(rest) = line.strip_prefix('[') {
            let inner = rest.split(']').next().unwrap_or(rest);
            let (name, parent) = match inner.split_once(':') {
                Some((n, p)) => (n, Some(p)),
                None => (inner, None),
            };
            let name_start = start + 1;
            ini.sections.push(Section {
                name: name.to_string(),
                name_span: Span::new(name_start, name_start + name.len()),
                parent: parent.map(|p| {
                    let s = name_start + name.len() + 1;
                    (p.to_string(), Span::new(s, s + p.len()))
                }),
                header_span: Span::new(start, start + line.len()),
                entries: Vec::new(),
            });
            continue;
        }
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let span = Span::new(start, start + line.len());
        let Some(section) = ini.sections.last_mut() else {
            ini.ignored.push((span, Ignored::BeforeSection));
            continue;
        };
        let Some((key, value)) = line.split_once('=') else {
            ini.ignored.push((span, Ignored::NoEquals));
            continue;
        };
        let key_trimmed = key.trim_end_matches(' ');
        let value_lead = value.len() - value.trim_start().len();
        let value_text = value.trim();
        if key_trimmed.is_empty() {
            ini.ignored.push((span, Ignored::NoKey));
            continue;
        }
        if value_text.is_empty() {
            ini.ignored.push((span, Ignored::NoValue));
            continue;
        }
        let value_start = start + key.len() + 1 + value_lead;
        entries += 1;
        section.entries.push(Entry {
            key: key_trimmed.to_string(),
            key_span: Span::new(start, start + key_trimmed.len()),
            value: value_text.to_string(),
            value_span: Span::new(value_start, value_start + value_text.len()),
        });
    }
    ini
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_point_at_keys_and_values() {
        let text = "# header\nstray\n[a:b]\n  x = 1 \nnoequals\n#c=d\n[c]\ny=\n";
        let ini = parse(text);
        assert_eq!(ini.sections.len(), 2);
        let a = &ini.sections[0];
        assert_eq!(a.parent.as_ref().map(|p| p.0.as_str()), Some("b"));
        let e = &a.entries[0];
        assert_eq!(e.key, "  x");
        assert_eq!(&text[e.value_span.range()], "1");
        assert_eq!(&text[e.key_span.range()], "  x");
        assert_eq!(
            ini.ignored.iter().map(|i| i.1).collect::<Vec<_>>(),
            vec![Ignored::BeforeSection, Ignored::NoEquals, Ignored::NoValue]
        );
    }
}
