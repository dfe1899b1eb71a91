//! A time typed in a form in the player's own time zone. Accounts have no time zone:
//! a form that takes a time (the tournament's start) offers the zones as offsets
//! from UTC, UTC chosen unless the player chose another; with JavaScript the browser
//! chooses its own offset for the date typed (summer time included) and says which
//! zone that is.

use chrono::{DateTime, FixedOffset, NaiveDateTime, Utc};

use crate::error::{Error, Result};

/// The offsets from UTC in use somewhere, as a form offers them (`+05:45`).
pub const OFFERED: [&str; 38] = [
    "-12:00", "-11:00", "-10:00", "-09:30", "-09:00", "-08:00", "-07:00", "-06:00", "-05:00",
    "-04:00", "-03:30", "-03:00", "-02:00", "-01:00", "+00:00", "+01:00", "+02:00", "+03:00",
    "+03:30", "+04:00", "+04:30", "+05:00", "+05:30", "+05:45", "+06:00", "+06:30", "+07:00",
    "+08:00", "+08:45", "+09:00", "+09:30", "+10:00", "+10:30", "+11:00", "+12:00", "+12:45",
    "+13:00", "+14:00",
];

/// The zone a form reads when the player chose none: UTC.
pub const DEFAULT: &str = "+00:00";

/// One of the [`OFFERED`] offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone(FixedOffset);

impl Zone {
    /// Reads a zone as a form sends it: one of [`OFFERED`]; empty is [`DEFAULT`].
    ///
    /// # Errors
    /// `invalid_time_zone` (422) for anything else.
    pub fn parse(text: &str) -> Result<Zone> {
        let text = match text.trim() {
            "" => DEFAULT,
            text => text,
        };
        OFFERED
            .contains(&text)
            .then(|| text.parse::<FixedOffset>().ok())
            .flatten()
            .map(Zone)
            .ok_or_else(|| {
                Error::unprocessable(
                    "invalid_time_zone",
                    format!("the time zone is an offset from UTC such as +03:00, not {text:?}"),
                )
            })
    }

    /// `time` (`YYYY-MM-DDTHH:MM[:SS]`, what a browser's date-and-time field sends)
    /// read in this zone, as an RFC 3339 time; `None` when it is no such time.
    #[must_use]
    pub fn read(self, time: &str) -> Option<DateTime<Utc>> {
        let time = time.trim();
        NaiveDateTime::parse_from_str(time, "%Y-%m-%dT%H:%M")
            .or_else(|_| NaiveDateTime::parse_from_str(time, "%Y-%m-%dT%H:%M:%S"))
            .ok()?
            .and_local_timezone(self.0)
            .single()
            .map(|t| t.with_timezone(&Utc))
    }
}

/// A zone `<option>`: `UTC+05:45`.
#[derive(Debug, Clone)]
pub struct ZoneChoice {
    /// What the form sends: `+05:45`.
    pub value: &'static str,
    /// What the player reads: `UTC+05:45`.
    pub label: String,
    /// The one chosen.
    pub selected: bool,
}

/// The zones a form offers, `chosen` (as sent; [`DEFAULT`] when it is none of them)
/// selected.
#[must_use]
pub fn choices(chosen: &str) -> Vec<ZoneChoice> {
    // One not offered (refused) shows the default again.
    let chosen = Some(chosen.trim())
        .filter(|c| OFFERED.contains(c))
        .unwrap_or(DEFAULT);
    OFFERED
        .into_iter()
        .map(|value| ZoneChoice {
            value,
            label: format!("UTC{}", value.replace('-', "\u{2212}")),
            selected: value == chosen,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_is_read_in_the_zone_chosen() {
        let zone = Zone::parse("+03:00").expect("a zone");
        assert_eq!(
            zone.read("2026-12-05T15:00").expect("a time").to_rfc3339(),
            "2026-12-05T12:00:00+00:00"
        );
        let west = Zone::parse("-03:30").expect("a zone");
        assert_eq!(
            west.read("2026-12-05T15:00:00")
                .expect("a time")
                .to_rfc3339(),
            "2026-12-05T18:30:00+00:00"
        );
    }

    #[test]
    fn no_zone_is_utc_and_an_unknown_one_is_refused() {
        assert_eq!(
            Zone::parse("").expect("a zone"),
            Zone::parse("+00:00").expect("a zone")
        );
        for bad in ["Mars/Olympus", "+03:07", "+25:00", "3", "UTC"] {
            assert_eq!(
                Zone::parse(bad).expect_err("refused").code(),
                "invalid_time_zone",
                "{bad}"
            );
        }
        assert!(
            Zone::parse("+01:00")
                .expect("a zone")
                .read("tomorrow")
                .is_none()
        );
    }

    #[test]
    fn every_zone_offered_is_read() {
        for value in OFFERED {
            assert!(Zone::parse(value).is_ok(), "{value}");
        }
        let chosen: Vec<_> = choices("").into_iter().filter(|c| c.selected).collect();
        assert_eq!(chosen.len(), 1);
        assert_eq!(chosen[0].value, DEFAULT);
    }
}
