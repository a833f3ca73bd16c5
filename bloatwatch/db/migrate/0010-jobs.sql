-- db/migrate/0010-jobs.sql: version 10 adds the fleet's work queue (docs/fleet.md).
--
-- The work queue of a fleet of runners (since version 10; docs/fleet.md): one row per commit
-- to build, claimed by one runner at a time under a lease it renews while it builds.  Only
-- PostgreSQL serves a fleet (claims are SELECT ... FOR UPDATE SKIP LOCKED); times are the
-- database's clock, in unix milliseconds, so the runners' clocks do not matter.
CREATE TABLE jobs (
	id INTEGER PRIMARY KEY,
	sha TEXT NOT NULL UNIQUE,          -- full 40-hex commit id
	seq BIGINT NOT NULL,               -- claim order: oldest commit of a `queue add` first
	state TEXT NOT NULL,               -- pending | running | done | failed | cancelled
	attempts BIGINT NOT NULL DEFAULT 0,     -- claims so far (a lost lease counts)
	max_attempts BIGINT NOT NULL,           -- then recorded failed
	runner TEXT NOT NULL DEFAULT '',   -- the runner of the last claim: the one that built a done job
	host TEXT NOT NULL DEFAULT '',
	token TEXT NOT NULL DEFAULT '',    -- the claim's own id: a stale runner's renew or finish misses
	lease_until BIGINT,                -- a running job whose lease passed is claimed again
	enqueued_at BIGINT NOT NULL,
	claimed_at BIGINT,
	finished_at BIGINT,
	error TEXT NOT NULL DEFAULT '',    -- why the last attempt failed
	log TEXT NOT NULL DEFAULT ''       -- the end of that attempt's build log
);
CREATE INDEX jobs_claim ON jobs (state, seq);
