-- Hold under abuse. A webhook delivery being attempted is leased: `leased_until` is
-- set when a worker claims it and cleared when the attempt is recorded, so that the
-- attempts in flight for one webhook can be counted (and capped) by every instance,
-- and one slow receiver never takes every worker's attempts.
ALTER TABLE webhook_deliveries ADD COLUMN leased_until timestamptz;
