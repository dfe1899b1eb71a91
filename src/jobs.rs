//! The background loops of `seedpost serve`: the sweeper (timeouts, purges, digests,
//! reminders),
//! the webhook and push workers and the house bots. They start together and stop together: one
//! [`CancellationToken`] asks them to stop, one [`TaskTracker`] waits until they have.
//!
//! A loop never stops in the middle of a round: the token is looked at between rounds,
//! so that a round's writes and their notifications go out whole.

use std::collections::HashSet;
use std::future::Future;
use std::time::Duration;

use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::domain::AccountId;
use crate::service::Service;

/// How often each loop runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    /// Between sweeps.
    pub sweep: Duration,
    /// Between webhook rounds.
    pub webhooks: Duration,
    /// Between push rounds when no event wakes them (for the retries that come due).
    pub push: Duration,
    /// Between house-bot rounds when no event wakes them; `None` runs no house bots.
    pub house_bots: Option<Duration>,
}

/// The running loops.
#[derive(Debug)]
pub struct Jobs {
    stop: CancellationToken,
    tasks: TaskTracker,
}

impl Jobs {
    /// Starts the loops of `schedule` over `service`; they run until `stop` is
    /// cancelled.
    #[must_use]
    pub fn start(service: &Service, schedule: Schedule, stop: CancellationToken) -> Jobs {
        let tasks = TaskTracker::new();
        let sweeper = service.clone();
        tasks.spawn(every(schedule.sweep, stop.clone(), move || {
            let service = sweeper.clone();
            async move { sweep(&service).await }
        }));
        // The webhook worker's loop stays beside the rounds it runs (it keeps which
        // accounts have a webhook between them); it stops by the same token.
        tasks.spawn(
            service
                .clone()
                .deliver_webhooks_forever(schedule.webhooks, stop.clone().cancelled_owned()),
        );
        let pusher = service.clone();
        tasks.spawn(on_events(
            service.clone(),
            "push",
            schedule.push,
            stop.clone(),
            move |_| {
                let service = pusher.clone();
                async move { service.push_round().await }
            },
        ));
        if let Some(period) = schedule.house_bots {
            tasks.spawn(house_bots(service.clone(), period, stop.clone()));
        }
        tasks.close();
        Jobs { stop, tasks }
    }

    /// Waits until every loop has stopped (after its token was cancelled).
    pub async fn wait(&self) {
        self.tasks.wait().await;
    }

    /// Asks every loop to stop and waits until they have.
    pub async fn stop(self) {
        self.stop.cancel();
        self.wait().await;
    }
}

/// Runs `round` every `period` (the first at once) until `stop` is cancelled; a round
/// that falls behind delays the next rather than bunching them up.
async fn every<F, R>(period: Duration, stop: CancellationToken, mut round: F)
where
    F: FnMut() -> R,
    R: Future<Output = ()>,
{
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            biased;
            () = stop.cancelled() => return,
            _ = ticks.tick() => {}
        }
        round().await;
    }
}

/// Runs `round` after each event for one of the accounts the last round returned
/// (committed through any instance: the store's notices), and every `period` (the
/// first at once), until `stop` is cancelled. A burst of events makes one round; a
/// round that fails is logged and the next one retries.
async fn on_events<F, R>(
    service: Service,
    what: &'static str,
    period: Duration,
    stop: CancellationToken,
    mut round: F,
) where
    F: FnMut(Option<HashSet<AccountId>>) -> R,
    R: Future<Output = crate::error::Result<HashSet<AccountId>>>,
{
    let mut accounts = service.subscribe_event_accounts();
    let mut interested = HashSet::new();
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let first = tokio::select! {
            biased;
            () = stop.cancelled() => return,
            _ = ticks.tick() => None,
            account = accounts.recv() => {
                if let Ok(account) = account && !interested.contains(&account) {
                    continue;
                }
                Some(account)
            }
        };
        let woken = woken(first, &mut accounts, &interested);
        match round(woken).await {
            Ok(now_interested) => interested = now_interested,
            Err(e) => tracing::warn!(error = %crate::error::Chain(&e), "{what} round failed"),
        }
    }
}

/// The accounts of `interested` a round is for: `first`, the event that woke the loop
/// (`None` for the period's tick), and the events waiting in `accounts`; `None` for
/// every account (the tick, or a receiver that lagged: the round reads everything
/// afresh).
fn woken(
    first: Option<Result<AccountId, broadcast::error::RecvError>>,
    accounts: &mut broadcast::Receiver<AccountId>,
    interested: &HashSet<AccountId>,
) -> Option<HashSet<AccountId>> {
    let mut woken = match first {
        Some(Ok(account)) => Some(HashSet::from([account])),
        None | Some(Err(_)) => None,
    };
    loop {
        match accounts.try_recv() {
            Ok(account) => {
                if let Some(woken) = woken.as_mut()
                    && interested.contains(&account)
                {
                    woken.insert(account);
                }
            }
            Err(broadcast::error::TryRecvError::Lagged(_)) => woken = None,
            Err(_) => return woken,
        }
    }
}

async fn sweep(service: &Service) {
    match service.sweep_timeouts().await {
        Ok(ended) => crate::metrics::games_timed_out(ended.len()),
        Err(e) => tracing::warn!(error = %crate::error::Chain(&e), "timeout sweep failed"),
    }
    match service.purge_events().await {
        Ok(0) => {}
        Ok(purged) => tracing::info!(purged, "old events purged"),
        Err(e) => tracing::warn!(error = %crate::error::Chain(&e), "event purge failed"),
    }
    if let Err(e) = service.purge_rates().await {
        tracing::warn!(error = %crate::error::Chain(&e), "rate-limit purge failed");
    }
    if let Err(e) = service.send_digests().await {
        tracing::warn!(error = %crate::error::Chain(&e), "digest round failed");
    }
    match service.send_reminders().await {
        Ok(round)
            if round == crate::notifications::service::reminders::ReminderRound::default() => {}
        Ok(round) => {
            tracing::info!(
                push = round.push,
                email = round.email,
                bot = round.bot,
                "reminders sent"
            );
        }
        Err(e) => tracing::warn!(error = %e, "reminder round failed"),
    }
    if let Err(e) = service.send_turn_mails().await {
        tracing::warn!(error = %crate::error::Chain(&e), "turn mail round failed");
    }
}

/// Runs the house bots until `stop` is cancelled: a round after each event for a bot's
/// account, and every `period` in case a notification was missed (or the server
/// restarted); then waits for the replies under way.
async fn house_bots(service: Service, period: Duration, stop: CancellationToken) {
    if let Err(e) = service.ensure_house_bots().await {
        tracing::warn!(error = %crate::error::Chain(&e), "cannot create the house bots");
    }
    let bots = service.house_bots().await.unwrap_or_default();
    let ids: HashSet<AccountId> = bots.iter().map(|(_, account)| account.id).collect();
    // Tihbat's table is built now (milliseconds). Modiar's takes seconds and some
    // 130 MB while it is built (24 MB kept), so it waits for its first perfect move or
    // analysis, or is read from the file `seedpost solve` writes: a server whose
    // players never ask for it does not pay for it. While it is built only the perfect
    // bot's Modiar replies wait for it; every other reply goes on.
    drop(tokio::task::spawn_blocking(|| {
        crate::analysis::solved::table(seedpost_rules::Variant::Tihbat)
            .map(seedpost_rules::solve::Table::len)
    }));
    // Woken only by events for the bots' own accounts (a challenge naming one, its
    // turn in a game), not by every move on the server, plus the periodic catch-up. A
    // round accepts and starts its replies, each game on a task of its own, and does
    // not wait for them: a slow reply (a search, a table being built) holds back no
    // other game and no later round.
    let replies = TaskTracker::new();
    let (tracker, stopping) = (replies.clone(), stop.clone());
    // A round woken by events is for the bots they were for; the periodic one is for
    // every bot.
    on_events(service.clone(), "house bot", period, stop, move |woken| {
        let (service, bots, ids) = (service.clone(), bots.clone(), ids.clone());
        let (tracker, stopping) = (tracker.clone(), stopping.clone());
        async move {
            let round = match woken {
                Some(woken) => {
                    let some: Vec<_> = bots
                        .into_iter()
                        .filter(|(_, bot)| woken.contains(&bot.id))
                        .collect();
                    service
                        .start_house_round_of(&some, &tracker, &stopping)
                        .await
                }
                None => service.start_house_round(&tracker, &stopping).await,
            };
            round.map(|_| ids)
        }
    })
    .await;
    // Stopped: the replies under way end (those waiting for a table give up).
    replies.close();
    replies.wait().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_woken_by_events_is_for_the_interested_accounts_they_name_and_after_a_lag_for_all() {
        let (sender, mut accounts) = broadcast::channel(4);
        let (a, b, other) = (AccountId::new(), AccountId::new(), AccountId::new());
        let interested = HashSet::from([a, b]);
        sender.send(other).expect("sent");
        sender.send(b).expect("sent");
        assert_eq!(
            woken(Some(Ok(a)), &mut accounts, &interested),
            Some(HashSet::from([a, b]))
        );
        assert_eq!(
            woken(Some(Ok(a)), &mut accounts, &interested),
            Some(HashSet::from([a])),
            "the events waiting were taken by the round before"
        );
        sender.send(b).expect("sent");
        assert_eq!(woken(None, &mut accounts, &interested), None, "the tick");
        for _ in 0..6 {
            sender.send(other).expect("sent");
        }
        assert_eq!(
            woken(Some(Ok(a)), &mut accounts, &interested),
            None,
            "a receiver that lagged"
        );
    }
}
