//! When a move is due: the days per move from now, and under a weekend pause the
//! same time counted on weekdays only.
//!
//! Under a weekend pause the clock does not run on Saturdays and Sundays (UTC): from
//! Saturday 00:00 to Monday 00:00. A move made at the weekend starts its time on
//! Monday at 00:00; time that would run into a Saturday goes on from the following
//! Monday. The module is pure: the time comes in as an argument.

use chrono::{DateTime, Datelike, Duration, NaiveTime, Utc, Weekday};

use crate::domain::DaysPerMove;

/// When the side to move after a move made at `from` loses on time: `days` after
/// `from`, counting only weekday time when `weekend_pause` is set.
///
/// # Examples
/// ```
/// use chrono::{TimeZone, Utc};
/// use seedpost::deadline::deadline;
/// use seedpost::domain::DaysPerMove;
///
/// let one = DaysPerMove::new(1).unwrap();
/// // Friday 2026-12-04 23:00: one hour on Friday, 23 on Monday.
/// let friday = Utc.with_ymd_and_hms(2026, 12, 4, 23, 0, 0).unwrap();
/// let monday = Utc.with_ymd_and_hms(2026, 12, 7, 23, 0, 0).unwrap();
/// assert_eq!(deadline(friday, one, true), monday);
/// assert_eq!(deadline(friday, one, false), friday + chrono::Duration::days(1));
/// ```
#[must_use]
pub fn deadline(from: DateTime<Utc>, days: DaysPerMove, weekend_pause: bool) -> DateTime<Utc> {
    after(from, days.duration(), weekend_pause)
}

/// The instant when `time` of clock time has run from `from`: plain time, or under a
/// `weekend_pause` weekday time only.
///
/// # Examples
/// ```
/// use chrono::{Duration, TimeZone, Utc};
/// use seedpost::deadline::after;
///
/// // Friday 2026-12-04 23:00: one hour on Friday, one on Monday.
/// let friday = Utc.with_ymd_and_hms(2026, 12, 4, 23, 0, 0).unwrap();
/// let monday = Utc.with_ymd_and_hms(2026, 12, 7, 1, 0, 0).unwrap();
/// assert_eq!(after(friday, Duration::hours(2), true), monday);
/// ```
#[must_use]
pub fn after(from: DateTime<Utc>, time: Duration, weekend_pause: bool) -> DateTime<Utc> {
    if !weekend_pause {
        return from + time;
    }
    let mut left = time.max(Duration::zero());
    let mut at = from;
    loop {
        if is_weekend(at) {
            at = next_monday(at);
        }
        let weekend = saturday_after(at);
        let until_weekend = weekend - at;
        if left <= until_weekend {
            return at + left;
        }
        left -= until_weekend;
        at = weekend;
    }
}

/// The clock time that runs from `from` to `to` (zero if `to` is not later): plain
/// time, or under a `weekend_pause` weekday time only. The inverse of [`after`]:
/// `after(from, clock_time(from, to, p), p)` is `to` whenever `to` is a time the clock
/// runs (or a Saturday's 00:00).
///
/// # Examples
/// ```
/// use chrono::{Duration, TimeZone, Utc};
/// use seedpost::deadline::clock_time;
///
/// let friday = Utc.with_ymd_and_hms(2026, 12, 4, 23, 0, 0).unwrap();
/// let monday = Utc.with_ymd_and_hms(2026, 12, 7, 1, 0, 0).unwrap();
/// assert_eq!(clock_time(friday, monday, true), Duration::hours(2));
/// assert_eq!(clock_time(friday, monday, false), Duration::hours(50));
/// ```
#[must_use]
pub fn clock_time(from: DateTime<Utc>, to: DateTime<Utc>, weekend_pause: bool) -> Duration {
    if to <= from {
        return Duration::zero();
    }
    if !weekend_pause {
        return to - from;
    }
    let mut time = Duration::zero();
    let mut at = from;
    while at < to {
        if is_weekend(at) {
            at = next_monday(at);
            continue;
        }
        let weekend = saturday_after(at);
        time += weekend.min(to) - at;
        at = weekend;
    }
    time
}

/// Whether the clock runs at `at`: always, or under a `weekend_pause` on weekdays
/// only.
#[must_use]
pub fn runs_at(at: DateTime<Utc>, weekend_pause: bool) -> bool {
    !weekend_pause || !is_weekend(at)
}

/// The first instant from `at` on when the clock runs: `at`, or under a
/// `weekend_pause` the Monday 00:00 after a weekend's `at`.
#[must_use]
pub fn running_from(at: DateTime<Utc>, weekend_pause: bool) -> DateTime<Utc> {
    if runs_at(at, weekend_pause) {
        at
    } else {
        next_monday(at)
    }
}

fn is_weekend(at: DateTime<Utc>) -> bool {
    matches!(at.weekday(), Weekday::Sat | Weekday::Sun)
}

/// The start of the day `days` days after `at`'s day.
fn midnight_after(at: DateTime<Utc>, days: u32) -> DateTime<Utc> {
    (at.date_naive() + Duration::days(i64::from(days)))
        .and_time(NaiveTime::MIN)
        .and_utc()
}

/// The next Monday 00:00 after `at`.
fn next_monday(at: DateTime<Utc>) -> DateTime<Utc> {
    midnight_after(at, 7 - at.weekday().num_days_from_monday())
}

/// The next Saturday 00:00 after `at`, a weekday time.
fn saturday_after(at: DateTime<Utc>) -> DateTime<Utc> {
    midnight_after(at, 5 - at.weekday().num_days_from_monday())
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    /// A time in the week of Monday 2026-11-30: `day` 0 is Monday.
    fn at(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 30, hour, minute, 0)
            .single()
            .expect("a valid time")
            + Duration::days(i64::from(day))
    }

    fn days(n: i64) -> DaysPerMove {
        DaysPerMove::new(n).expect("an allowed number of days")
    }

    #[test]
    fn the_test_week_starts_on_a_monday() {
        assert_eq!(at(0, 0, 0).weekday(), Weekday::Mon);
        assert_eq!(at(5, 0, 0).weekday(), Weekday::Sat);
    }

    #[test]
    fn without_a_weekend_pause_the_deadline_is_the_days_later() {
        for from in [at(4, 23, 0), at(5, 12, 0), at(6, 23, 59), at(2, 8, 30)] {
            for n in [1, 2, 3, 5, 7, 10, 14] {
                assert_eq!(deadline(from, days(n), false), from + Duration::days(n));
            }
        }
    }

    #[test]
    fn weekend_time_does_not_count_under_a_weekend_pause() {
        // (from, days per move, deadline)
        let cases = [
            // A weekday move whose time ends before the weekend.
            (at(0, 9, 0), 1, at(1, 9, 0)),
            (at(1, 10, 0), 3, at(4, 10, 0)),
            // Friday 23:00: one hour on Friday, the rest from Monday 00:00.
            (at(4, 23, 0), 1, at(7, 23, 0)),
            (at(4, 23, 0), 3, at(9, 23, 0)),
            // Saturday and Sunday: the time starts on Monday 00:00.
            (at(5, 0, 0), 1, at(8, 0, 0)),
            (at(5, 15, 30), 2, at(9, 0, 0)),
            (at(6, 23, 59), 1, at(8, 0, 0)),
            // Friday 00:00 with one day: exactly to the weekend's start.
            (at(4, 0, 0), 1, at(5, 0, 0)),
            // Wednesday noon, three days: 60 hours to Saturday, 12 on Monday.
            (at(2, 12, 0), 3, at(7, 12, 0)),
            // Seven days is a week and two days of weekdays.
            (at(0, 0, 0), 7, at(9, 0, 0)),
            // Fourteen days spans two weekends.
            (at(0, 0, 0), 14, at(18, 0, 0)),
            (at(3, 6, 0), 14, at(23, 6, 0)),
        ];
        for (from, n, expected) in cases {
            assert_eq!(
                deadline(from, days(n), true),
                expected,
                "{n} days from {from} ({})",
                from.weekday()
            );
        }
    }

    #[test]
    fn a_paused_deadline_never_falls_on_a_weekend_except_at_saturdays_start() {
        for hour in (0..24 * 14).step_by(5) {
            let from = at(0, 0, 0) + Duration::hours(hour);
            for n in [1, 2, 3, 5, 7, 10, 14] {
                let due = deadline(from, days(n), true);
                assert!(due >= from + Duration::days(n), "{from} {n}");
                let saturday_midnight =
                    due.weekday() == Weekday::Sat && due.time() == NaiveTime::MIN;
                assert!(!is_weekend(due) || saturday_midnight, "{from} {n}: {due}");
            }
        }
    }

    #[test]
    fn clock_time_counts_weekday_time_only_under_a_weekend_pause() {
        // (from, to, weekday time)
        let cases = [
            (at(0, 9, 0), at(1, 9, 0), Duration::days(1)),
            // Friday 23:00 to Monday 01:00: an hour each side of the weekend.
            (at(4, 23, 0), at(7, 1, 0), Duration::hours(2)),
            // From Saturday noon to Tuesday 00:00: Monday only.
            (at(5, 12, 0), at(8, 0, 0), Duration::days(1)),
            // Within a weekend: none.
            (at(5, 1, 0), at(6, 23, 0), Duration::zero()),
            // Two weeks: ten weekdays.
            (at(0, 0, 0), at(14, 0, 0), Duration::days(10)),
            // Backwards: none.
            (at(2, 0, 0), at(1, 0, 0), Duration::zero()),
        ];
        for (from, to, expected) in cases {
            assert_eq!(clock_time(from, to, true), expected, "{from} to {to}");
            assert_eq!(
                clock_time(from, to, false),
                (to - from).max(Duration::zero())
            );
        }
    }

    #[test]
    fn after_undoes_clock_time_for_every_deadline() {
        for hour in (0..24 * 14).step_by(7) {
            let from = at(0, 0, 0) + Duration::hours(hour);
            for n in [1, 2, 3, 5, 7, 10, 14] {
                for pause in [false, true] {
                    let due = deadline(from, days(n), pause);
                    assert_eq!(
                        clock_time(from, due, pause),
                        days(n).duration(),
                        "{from} {n}"
                    );
                    // Restarted at any later time, the same clock time left gives the
                    // same time left on the clock.
                    for later in [Duration::hours(13), Duration::days(2), Duration::days(6)] {
                        let stopped = from + Duration::hours(5).min(due - from);
                        let left = clock_time(stopped, due, pause);
                        let restarted = after(stopped + later, left, pause);
                        assert_eq!(clock_time(stopped + later, restarted, pause), left);
                    }
                }
            }
        }
    }
}
