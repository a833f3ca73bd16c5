# SPDX-License-Identifier: GPL-2.0
"""migrate/0014-builds.py: version 14 records a commit build by declared build (a fleet's job unit).

A tree whose bloatwatch.toml gives [[objects]] groups builds of their own (one per arch, say)
has each build recorded on its own: commit_slices says which build a slice came from,
commit_builds holds each build's status, and a job is a commit and a build. Rows recorded
before are the tree's one build (''). The jobs table is made again to key it so; the views,
which read it, are dropped first (re-created from views.sql after the last step).
"""

DDL = """
ALTER TABLE commit_slices ADD COLUMN build TEXT NOT NULL DEFAULT '';
CREATE TABLE commit_builds (
	commit_id BIGINT NOT NULL REFERENCES commits (id),
	build TEXT NOT NULL,
	status TEXT NOT NULL,
	error TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (commit_id, build)
) WITHOUT ROWID;
CREATE TABLE jobs14 (
	id INTEGER PRIMARY KEY,
	sha TEXT NOT NULL,
	build TEXT NOT NULL DEFAULT '',
	seq BIGINT NOT NULL,
	state TEXT NOT NULL,
	attempts BIGINT NOT NULL DEFAULT 0,
	max_attempts BIGINT NOT NULL,
	runner TEXT NOT NULL DEFAULT '',
	host TEXT NOT NULL DEFAULT '',
	token TEXT NOT NULL DEFAULT '',
	lease_until BIGINT,
	enqueued_at BIGINT NOT NULL,
	claimed_at BIGINT,
	finished_at BIGINT,
	error TEXT NOT NULL DEFAULT '',
	log TEXT NOT NULL DEFAULT '',
	UNIQUE (sha, build)
);
INSERT INTO jobs14 (sha, seq, state, attempts, max_attempts, runner, host, token, lease_until,
                    enqueued_at, claimed_at, finished_at, error, log)
SELECT sha, seq, state, attempts, max_attempts, runner, host, token, lease_until, enqueued_at,
       claimed_at, finished_at, error, log FROM jobs ORDER BY seq;
DROP TABLE jobs;
ALTER TABLE jobs14 RENAME TO jobs;
CREATE INDEX jobs_claim ON jobs (state, seq);
"""


def migrate(store, run_script):
    for view in sorted(store.d.views()):
        store.d.drop_view(view)
    run_script(DDL)
