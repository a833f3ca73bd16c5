# SPDX-License-Identifier: GPL-2.0
"""The only module that runs SQL, and only against the named views of db/views.sql.

Opens the database through the db package (SQLite file or postgresql:// URL) and reads
everything inside one read transaction, so a recorder writing meanwhile cannot tear a report.
"""
import contextlib

from ..errors import BwError
from ..db.store import Store

COORD = "arch, compiler, scenario, variant, object"


class History:
    """Read-only questions the report asks of one history database."""

    def __init__(self, target):
        self.target = target
        self.store = Store(target, create=False)   # installs views.sql when it changed
        self.where = self.store.where

    def close(self):
        self.store.close()

    @contextlib.contextmanager
    def snapshot(self):
        d = self.store.d
        d.begin_read()
        try:
            yield self
        finally:
            d.rollback()

    def _rows(self, sql, params=()):
        cur = self.store.d.execute(sql, params)
        names = [c[0] for c in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]

    def commits(self):
        """Every recorded commit in history order."""
        return self._rows("SELECT commit_id, sha, short, dirty, parents, author, author_date, "
                          "commit_date, subject, status, error, ord FROM v_commits ORDER BY ord")

    def footprint(self, commit_id=None):
        """size(1) totals of every recorded object (of one commit, or of all)."""
        sql = ("SELECT commit_id, %s, path, analysis_id, config_id, text, data, bss, total, format, machine "
               "FROM v_footprint" % COORD)
        if commit_id is None:
            return self._rows(sql)
        return self._rows(sql + " WHERE commit_id = ?", (commit_id,))

    def config_values(self, commit_id):
        """CONFIG_ values each object of a commit was built with."""
        return self._rows("SELECT %s, config, value FROM v_config_values WHERE commit_id = ?"
                          % COORD, (commit_id,))

    def builds(self, commit_id):
        """Build records of a commit's objects (source, compiler version, command)."""
        return self._rows("SELECT %s, source, compiler_version, cmd FROM v_builds "
                          "WHERE commit_id = ?" % COORD, (commit_id,))

    def sections(self, commit_id):
        return self._rows("SELECT %s, seq, section, size, bucket FROM v_sections "
                          "WHERE commit_id = ? ORDER BY seq" % COORD, (commit_id,))

    def symbols(self, commit_id):
        """Every sized symbol of a commit's objects (raw and normalized names)."""
        return self._rows("SELECT %s, symbol, raw_name, type, size, section, bind, kind "
                          "FROM v_symbols WHERE commit_id = ?" % COORD, (commit_id,))

    def symbol_sizes(self, commit_id):
        """Bytes per normalized symbol name per object: bloat-o-meter's unit."""
        return self._rows("SELECT %s, symbol, size, count FROM v_symbol_sizes "
                          "WHERE commit_id = ?" % COORD, (commit_id,))

    def structs(self, commit_id):
        return self._rows("SELECT %s, struct, kind, size, cachelines, holes, hole_bytes, "
                          "bit_holes, bit_hole_bits, padding, reorg_size, reorg_saving, layout_id "
                          "FROM v_structs WHERE commit_id = ?" % COORD, (commit_id,))

    def members(self, layout_ids):
        """{layout_id: [member rows in declaration order]}; reorg_seq is the member's place
        in the analyzer's reorganized order (None throughout when it was not recorded)."""
        out = {lid: [] for lid in layout_ids}
        ids = sorted(set(layout_ids))
        for i in range(0, len(ids), 500):
            part = ids[i:i + 500]
            for r in self._rows("SELECT layout_id, seq, member, type, byte_offset, size, bit_size, "
                                "bit_offset, reorg_seq FROM v_struct_members WHERE layout_id IN (%s) "
                                "ORDER BY layout_id, seq" % ",".join("?" * len(part)), part):
                out[r["layout_id"]].append(r)
        return out

    def config_usage(self, commit_id):
        """CONFIG_ symbols each source mentions at a commit (extractconfig.sh's logic)."""
        return self._rows("SELECT source, config FROM v_config_usage WHERE commit_id = ? "
                          "ORDER BY source, config", (commit_id,))


__all__ = ["History", "BwError"]
