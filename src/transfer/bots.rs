//! The bots' lines of `seedpost export` and `seedpost import`: each stored event of
//! an account's stream (each account's line carries its `event_seq` counter, so
//! that seqs go on above the old ones and a stream resumed with `since` misses
//! nothing and hears nothing twice), each webhook (with its secret and cursor) and
//! each webhook delivery (pending ones keep their attempts and next attempt time,
//! and are still delivered). Exports from before events or webhooks have none. Here
//! until the bots have a folder of their own, whose `export.rs` they become.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Counts, Known, Lines, ReadError, Stored};
use crate::domain::{AccountId, DeliveryId, EventKind, WebhookId};
use crate::store::Event;
use crate::store::ops::DataSet;
use crate::store::webhooks::{Delivery, DeliveryStatus, Webhook};

/// Everything the bots carry, and what their import has read.
#[derive(Debug, Default)]
pub struct Bots {
    /// Every stored event, by account and seq.
    pub events: Vec<Event>,
    /// Every webhook, with its secret and cursor.
    pub webhooks: Vec<Webhook>,
    /// Every webhook delivery, pending or done.
    pub deliveries: Vec<Delivery>,
    /// The events read, by account and seq.
    seen_events: HashSet<(Uuid, u64)>,
    /// Each webhook's account.
    owners: HashMap<Uuid, Uuid>,
    /// The deliveries read.
    seen_deliveries: HashSet<Uuid>,
    /// The webhook and event of each delivery read: an event is queued once per
    /// webhook.
    delivered_events: HashSet<(Uuid, u64)>,
}

/// A line of the bots.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// A stored event.
    Event(EventLine),
    /// A webhook.
    Webhook(WebhookLine),
    /// A webhook delivery.
    Delivery(DeliveryLine),
}

/// A stored event of an account's stream. Exports from before events have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct EventLine {
    account_id: Uuid,
    seq: u64,
    kind: String,
    payload: String,
    created_at: DateTime<Utc>,
}

/// A webhook. Exports from before webhooks have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct WebhookLine {
    id: Uuid,
    account_id: Uuid,
    url: String,
    secret: String,
    cursor: u64,
    created_at: DateTime<Utc>,
}

/// A webhook delivery with its attempts. Exports from before webhooks have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct DeliveryLine {
    id: Uuid,
    webhook_id: Uuid,
    event_seq: u64,
    event_type: String,
    body: String,
    status: String,
    attempts: u32,
    last_status: Option<u16>,
    last_error: Option<String>,
    next_attempt_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    delivered_at: Option<DateTime<Utc>>,
}

impl Lines for Bots {
    type Line = Line;

    const KINDS: &'static [&'static str] = &["event", "webhook", "delivery"];

    const EXPORTED: &'static [&'static str] = &["events", "webhooks", "webhook_deliveries"];

    const TRANSIENT: &'static [(&'static str, &'static str)] = &[(
        "runner_leases",
        "which bot runner holds an account's lease now: a runner claims it again \
         within its heartbeat",
    )];

    fn lines(&self) -> Vec<Line> {
        let mut lines: Vec<Line> = self
            .events
            .iter()
            .map(|e| {
                Line::Event(EventLine {
                    account_id: e.account.0,
                    seq: e.seq,
                    kind: e.kind.as_str().to_owned(),
                    payload: e.payload.clone(),
                    created_at: e.created_at,
                })
            })
            .collect();
        lines.extend(self.webhooks.iter().map(|w| {
            Line::Webhook(WebhookLine {
                id: w.id.0,
                account_id: w.account.0,
                url: w.url.clone(),
                secret: w.secret.clone(),
                cursor: w.cursor,
                created_at: w.created_at,
            })
        }));
        lines.extend(self.deliveries.iter().map(delivery_line));
        lines
    }

    fn take(&mut self, line: Line, known: &mut Known) -> Result<(), ReadError> {
        match line {
            Line::Event(e) => self.event(e, known),
            Line::Webhook(w) => self.webhook(w, known),
            Line::Delivery(d) => self.delivery(d, known),
        }
    }

    fn count(&self, counts: &mut Counts) {
        counts.events += self.events.len();
        counts.webhooks += self.webhooks.len();
        counts.deliveries += self.deliveries.len();
    }
}

impl Stored for Bots {
    fn from_set(set: &mut DataSet) -> Bots {
        Bots {
            events: std::mem::take(&mut set.events),
            webhooks: std::mem::take(&mut set.webhooks),
            deliveries: std::mem::take(&mut set.deliveries),
            ..Bots::default()
        }
    }

    fn into_set(self, set: &mut DataSet) {
        set.events = self.events;
        set.webhooks = self.webhooks;
        set.deliveries = self.deliveries;
    }
}

fn delivery_line(d: &Delivery) -> Line {
    Line::Delivery(DeliveryLine {
        id: d.id.0,
        webhook_id: d.webhook.0,
        event_seq: d.event_seq,
        event_type: d.event_type.clone(),
        body: d.body.clone(),
        status: d.status.as_str().to_owned(),
        attempts: d.attempts,
        last_status: d.last_status,
        last_error: d.last_error.clone(),
        next_attempt_at: d.next_attempt_at,
        created_at: d.created_at,
        delivered_at: d.delivered_at,
    })
}

impl Bots {
    fn event(&mut self, e: EventLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("event {} of account {}", e.seq, e.account_id);
        let head = known.head(e.account_id, &format!("{what}: its account"))?;
        if e.seq == 0 || e.seq > head {
            let why = format!("its seq is not between 1 and the account's event_seq {head}");
            return Err(ReadError::refused(&what, why));
        }
        let kind = EventKind::parse(&e.kind)
            .ok_or_else(|| ReadError::refused(&what, format!("bad kind {:?}", e.kind)))?;
        if serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&e.payload).is_err() {
            return Err(ReadError::refused(
                &what,
                "the payload is not a JSON object",
            ));
        }
        if !self.seen_events.insert((e.account_id, e.seq)) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.events.push(Event {
            account: AccountId(e.account_id),
            seq: e.seq,
            kind,
            payload: e.payload,
            created_at: e.created_at,
        });
        Ok(())
    }

    fn webhook(&mut self, w: WebhookLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("webhook {}", w.id);
        let head = known.head(w.account_id, &format!("{what}: its account"))?;
        // As the API checks them; private addresses are the configuration's to
        // allow, and the delivery worker's to refuse.
        let url = crate::service::parse_webhook_url(&w.url, true)
            .map_err(|e| ReadError::refused(&what, format!("{:?}: {e}", w.url)))?;
        if url != w.url {
            let why = format!("{:?} is not a URL as the API keeps it", w.url);
            return Err(ReadError::refused(&what, why));
        }
        crate::service::parse_webhook_secret(&w.secret)
            .map_err(|e| ReadError::refused(&what, e))?;
        if w.cursor > head {
            let why = format!(
                "its cursor {} is above the account's event_seq {head}",
                w.cursor
            );
            return Err(ReadError::refused(&what, why));
        }
        if self.owners.insert(w.id, w.account_id).is_some() {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.webhooks.push(Webhook {
            id: WebhookId(w.id),
            account: AccountId(w.account_id),
            url: w.url,
            secret: w.secret,
            cursor: w.cursor,
            created_at: w.created_at,
        });
        Ok(())
    }

    fn delivery(&mut self, d: DeliveryLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("webhook delivery {}", d.id);
        let account = *self.owners.get(&d.webhook_id).ok_or_else(|| {
            let why = format!("webhook {} is not on an earlier line", d.webhook_id);
            ReadError::refused(&what, why)
        })?;
        let head = known.head(account, &format!("{what}: its account"))?;
        if d.event_seq == 0 || d.event_seq > head {
            let why = format!(
                "its event seq {} is not between 1 and the account's event_seq {head}",
                d.event_seq
            );
            return Err(ReadError::refused(&what, why));
        }
        let status = DeliveryStatus::parse(&d.status)
            .ok_or_else(|| ReadError::refused(&what, format!("bad status {:?}", d.status)))?;
        if (status == DeliveryStatus::Pending) != d.next_attempt_at.is_some() {
            return Err(ReadError::refused(
                &what,
                "a pending delivery, and only one, has a next attempt time",
            ));
        }
        if i32::try_from(d.attempts).is_err() {
            let why = format!("{} attempts is too many", d.attempts);
            return Err(ReadError::refused(&what, why));
        }
        if !self.seen_deliveries.insert(d.id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        if !self.delivered_events.insert((d.webhook_id, d.event_seq)) {
            let why = format!(
                "event {} is queued twice for webhook {}",
                d.event_seq, d.webhook_id
            );
            return Err(ReadError::refused(&what, why));
        }
        self.deliveries.push(Delivery {
            id: DeliveryId(d.id),
            webhook: WebhookId(d.webhook_id),
            event_seq: d.event_seq,
            event_type: d.event_type,
            body: d.body,
            status,
            attempts: d.attempts,
            last_status: d.last_status,
            last_error: d.last_error,
            next_attempt_at: d.next_attempt_at,
            created_at: d.created_at,
            delivered_at: d.delivered_at,
        });
        Ok(())
    }
}
