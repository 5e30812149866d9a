//! Reading version 4: the choices that version 4 spelt as flags (a drop
//! rule's `captures_to_hand` and `unlimited`; the legality rules
//! `giving_check_forbidden`, `drop_giving_check_forbidden`, `pass` and
//! `pass_when_stuck`; a path's `quiet`, `capture` and `attack_only`) are
//! read into the enums of version 5. Each version's fields are refused in
//! a table of the other.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

use super::read::*;
use super::*;

/// Whether the table being read is of version 4 (its fields are the flags).
pub(super) fn legacy() -> bool {
    trace(|t| t.format) == Some(4)
}

/// The message for a field of the other version.
pub(super) fn other_version(field: &str, now: &str) -> String {
    if legacy() {
        format!("`{field}` is a field of format version 5; this table is version 4")
    } else {
        format!("`{field}` is a field of format version 4; version 5 writes `{now}`")
    }
}

/// The JSON form of [`DropRules`] when read: version 5's `supply` or
/// version 4's flags.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DropRulesRepr {
    #[serde(deserialize_with = "de_forbidden")]
    forbidden: Vec<[Vec<u16>; 2]>,
    #[serde(deserialize_with = "de_no_mate")]
    no_mate: Vec<bool>,
    #[serde(default)]
    supply: Option<HandSupply>,
    #[serde(default)]
    captures_to_hand: Option<bool>,
    #[serde(default, deserialize_with = "de_per_file")]
    per_file: Vec<u8>,
    #[serde(default, deserialize_with = "de_also_as")]
    also_as: Vec<Option<u8>>,
    #[serde(default, deserialize_with = "de_per_colour")]
    per_colour: Vec<u8>,
    #[serde(default)]
    must_drop: bool,
    #[serde(default)]
    royal_in_hand: bool,
    #[serde(default)]
    unlimited: Option<bool>,
    #[serde(default)]
    falls: bool,
}

impl TryFrom<DropRulesRepr> for DropRules {
    type Error = String;
    fn try_from(r: DropRulesRepr) -> Result<DropRules, String> {
        let supply = if legacy() {
            if r.supply.is_some() {
                return Err(other_version("supply", "supply"));
            }
            // `unlimited` overrode `captures_to_hand`.
            match (
                r.unlimited.unwrap_or(false),
                r.captures_to_hand.unwrap_or(true),
            ) {
                (true, _) => HandSupply::Unlimited,
                (false, true) => HandSupply::Captures,
                (false, false) => HandSupply::Setup,
            }
        } else {
            if r.captures_to_hand.is_some() {
                return Err(other_version("captures_to_hand", "supply"));
            }
            if r.unlimited.is_some() {
                return Err(other_version("unlimited", "supply"));
            }
            r.supply.unwrap_or_default()
        };
        Ok(DropRules {
            forbidden: r.forbidden,
            no_mate: r.no_mate,
            supply,
            per_file: r.per_file,
            also_as: r.also_as,
            per_colour: r.per_colour,
            must_drop: r.must_drop,
            royal_in_hand: r.royal_in_hand,
            falls: r.falls,
        })
    }
}

/// Version 4's `pass` flag or version 5's rule.
pub(super) enum PassField {
    Flag(bool),
    Rule(PassRule),
}

impl<'de> Deserialize<'de> for PassField {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PassField, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = PassField;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"allowed\" or \"when_stuck\" (absent: never; version 4: a boolean)")
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<PassField, E> {
                Ok(PassField::Flag(b))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<PassField, E> {
                match s {
                    "never" => Ok(PassField::Rule(PassRule::Never)),
                    "allowed" => Ok(PassField::Rule(PassRule::Allowed)),
                    "when_stuck" => Ok(PassField::Rule(PassRule::WhenStuck)),
                    _ => Err(E::invalid_value(de::Unexpected::Str(s), &self)),
                }
            }
        }
        d.deserialize_any(V)
    }
}

/// The JSON form of [`Legality`] when read: version 5's `giving_check`
/// and `pass` rule, or version 4's flags.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LegalityRepr {
    #[serde(default)]
    giving_check: Option<GivingCheck>,
    #[serde(default)]
    giving_check_forbidden: Option<bool>,
    #[serde(default)]
    drop_giving_check_forbidden: Option<bool>,
    #[serde(default)]
    capture_compulsory: bool,
    #[serde(default)]
    pass: Option<PassField>,
    #[serde(default)]
    pass_when_stuck: Option<bool>,
    #[serde(default)]
    fleeing_check_forbidden: bool,
    #[serde(default)]
    several_royals: SeveralRoyals,
}

impl TryFrom<LegalityRepr> for Legality {
    type Error = String;
    fn try_from(r: LegalityRepr) -> Result<Legality, String> {
        let (giving_check, pass) = if legacy() {
            if r.giving_check.is_some() {
                return Err(other_version("giving_check", "giving_check"));
            }
            let pass = match r.pass {
                None => false,
                Some(PassField::Flag(b)) => b,
                Some(PassField::Rule(_)) => {
                    return Err("`pass` is a boolean in format version 4".to_string())
                }
            };
            // `giving_check_forbidden` covered drops too.
            let giving = match (
                r.giving_check_forbidden.unwrap_or(false),
                r.drop_giving_check_forbidden.unwrap_or(false),
            ) {
                (true, _) => GivingCheck::Forbidden,
                (false, true) => GivingCheck::ForbiddenByDrop,
                (false, false) => GivingCheck::Allowed,
            };
            let pass = match (pass, r.pass_when_stuck.unwrap_or(false)) {
                (false, false) => PassRule::Never,
                (true, false) => PassRule::Allowed,
                (false, true) => PassRule::WhenStuck,
                (true, true) => {
                    return Err(
                        "`pass` and `pass_when_stuck` together: version 5 has no such \
                                rule (fairyc never wrote it)"
                            .to_string(),
                    )
                }
            };
            (giving, pass)
        } else {
            for (field, set, now) in [
                (
                    "giving_check_forbidden",
                    r.giving_check_forbidden.is_some(),
                    "giving_check",
                ),
                (
                    "drop_giving_check_forbidden",
                    r.drop_giving_check_forbidden.is_some(),
                    "giving_check",
                ),
                ("pass_when_stuck", r.pass_when_stuck.is_some(), "pass"),
            ] {
                if set {
                    return Err(other_version(field, now));
                }
            }
            let pass = match r.pass {
                None => PassRule::Never,
                Some(PassField::Rule(p)) => p,
                Some(PassField::Flag(_)) => {
                    return Err(
                        "`pass` is \"allowed\" or \"when_stuck\" in format version 5 \
                                (a boolean in version 4)"
                            .to_string(),
                    )
                }
            };
            (r.giving_check.unwrap_or_default(), pass)
        };
        Ok(Legality {
            giving_check,
            capture_compulsory: r.capture_compulsory,
            pass,
            fleeing_check_forbidden: r.fleeing_check_forbidden,
            several_royals: r.several_royals,
        })
    }
}
