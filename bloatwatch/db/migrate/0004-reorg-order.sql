-- db/migrate/0004-reorg-order.sql: version 4 stores the analyzer's reorganized member order.
--
-- members.reorg_seq is a member's position in the order pahole's --reorganize suggests (the
-- analyzer's `reorganized.order`).  Older versions did not store it and it cannot be derived
-- from the rows, so migrated layouts keep NULL (reports say the order is not recorded).  A
-- layout's digest covers its whole analyzer entry, order included, so ingest fills a NULL
-- order in place the next time it parses a layout of that digest.  The object cache is
-- emptied for that reason: its hits skip parsing, so the next record analyzes each object
-- once more and the layouts still in the tree get their order.
ALTER TABLE members ADD COLUMN reorg_seq BIGINT;
DELETE FROM object_cache;
