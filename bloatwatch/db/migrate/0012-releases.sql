-- db/migrate/0012-releases.sql: version 12 records releases beside commits.
--
-- A release is a tree that is not a git checkout (an unpacked release tarball) recorded as a
-- point of history: its row in commits has kind 'release', its label (v6.12) as sha, the
-- release's date as both dates, and no parents. Rows recorded before are commits.
ALTER TABLE commits ADD COLUMN kind TEXT NOT NULL DEFAULT 'commit';
