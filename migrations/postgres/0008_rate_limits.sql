-- Rate limits shared by every instance on this database: one GCRA cell per token and
-- kind of request (`key`: the kind's byte, then the SHA-256 of the token). `tat` is
-- the cell's theoretical arrival time in microseconds since the Unix epoch: a request
-- at `now` may go while tat - now <= (burst - 1) x interval, and moves tat to
-- max(tat, now) + interval. A cell whose tat has passed is a full bucket and may be
-- deleted. UNLOGGED: no WAL for this hot, disposable state; after a crash Postgres
-- empties it, which only refills every bucket.
CREATE UNLOGGED TABLE rate_limits (
    key bytea  PRIMARY KEY,
    tat bigint NOT NULL
);
