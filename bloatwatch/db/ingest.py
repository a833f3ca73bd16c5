# SPDX-License-Identifier: GPL-2.0
"""Analyzer JSON -> rows of one recorded commit, written in one transaction.

All hashing and reshaping happens before the transaction opens, so the write lock is held
only for the inserts.  Analyses, struct layouts, CONFIG sets and build setups are
content-addressed: a row that already exists is reused, and only new analyses get their
sections, symbols and layouts inserted.  The one exception: a layout stored without its
reorganized order (recorded before schema version 4) gets the order filled in whenever a
layout of the same digest is parsed again; the digest covers the order, so it is the one.
An analysis's stack frames (since version 9) are covered by its digest when recorded; the
worst cases of a build, across all its objects (since version 11), by its slice's digest.
"""
import hashlib
import json
import os
import time

from ..errors import BwError
from . import folders, toolchain
from .store import chunks, marks

SCHEMA_NAME = "bloatwatch-analyze"
SCHEMA_VERSION = 1
NONE = "-"   # a coordinate part nothing says (record.coordinate.decide)


def digest(obj):
    """16-byte content address of a JSON-able value."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).digest()[:16]


def keys_text(keys):
    """The canonical text of a coordinate's extra keys: a sorted JSON object, '' for none."""
    if not keys:
        return ""
    return json.dumps({str(k): str(v) for k, v in keys.items()}, sort_keys=True,
                      separators=(",", ":"))


def parse_keys(text):
    """keys_text() read back: {key: value}."""
    return json.loads(text) if text else {}


def slice_digest(members, stacks=None):
    """Content address of a slice: [(coord names, analysis digest, setup digest, path)], and
    for a coordinate of `stacks` its build's worst cases (build_rows(); since version 11)."""
    items = []
    for c, ad, sd, path in members:
        item = [list(c), ad.hex(), sd.hex(), path]
        if stacks and stacks.get(c) is not None:
            item.append(digest(stacks[c]).hex())
        items.append(item)
    return digest(sorted(items))


def reorg_positions(struct, where):
    """Each member's place in the analyzer's reorganized order (`reorganized.order`, a list
    of member names), in declaration order; None when the entry gives no order.

    Names are matched in order of appearance: the k-th occurrence of a name in the order is
    the k-th member of that name, which only matters for repeated (anonymous) names."""
    reorg = struct.get("reorganized")
    order = reorg.get("order") if isinstance(reorg, dict) else None
    members = struct["members"]
    if order is None or (not order and members):
        return None          # no order given (the analyzer prints [] when it computed none)
    what = "%s: struct %s: reorganized order" % (where, struct["name"])
    if not isinstance(order, list) or len(order) != len(members):
        raise BwError("%s is not a list of its %d members" % (what, len(members)))
    slots = {}
    for seq, m in enumerate(members):
        slots.setdefault(m["name"], []).append(seq)
    for queue in slots.values():
        queue.reverse()
    positions = [None] * len(members)
    for pos, name in enumerate(order):
        queue = slots.get(name) if isinstance(name, str) else None
        if not queue:
            raise BwError("%s names %r once more than the struct has such a member"
                          % (what, name))
        positions[queue.pop()] = pos
    return positions


def check_envelope(doc, where, mode):
    """Refuse a document that is not analyzer JSON of the version and mode we read."""
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA_NAME:
        got = doc.get("schema") if isinstance(doc, dict) else type(doc).__name__
        raise BwError("%s: not bloatwatch-analyze JSON (schema %r)" % (where, got))
    if doc.get("version") != SCHEMA_VERSION:
        raise BwError("%s: analyzer JSON version %r is not supported (this bloatwatch reads "
                      "version %d)" % (where, doc.get("version"), SCHEMA_VERSION))
    if doc.get("mode") not in mode:
        raise BwError("%s: analyzer JSON of mode %r, expected %s"
                      % (where, doc.get("mode"), " or ".join(repr(m) for m in mode)))
    if not isinstance(doc.get("files"), list):
        raise BwError("%s: analyzer JSON has no files list" % where)
    errors = doc.get("errors") or []
    if errors:
        e = errors[0]
        more = " (and %d more)" % (len(errors) - 1) if len(errors) > 1 else ""
        raise BwError("%s: analyzer: %s: %s%s" % (where, e.get("file"), e.get("message"), more))


def load_json(path, where=None):
    """A JSON file; a missing, unreadable or malformed one is a BwError naming it (`where`)."""
    where = where or path
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise BwError("%s: %s" % (where, e.strerror))
    except (ValueError, UnicodeDecodeError) as e:
        raise BwError("%s: not valid JSON (%s)" % (where, e))


class Prepared:
    """One commit's analyzer output, reshaped and content-addressed, ready to insert."""

    def __init__(self):
        self.builds = []       # (coord tuple, analysis digest, setup digest, path)
        self.analyses = {}     # digest -> FILE entry
        self.frames = {}       # analysis digest -> frame_rows() (None: stack not recorded)
        self.folders = {}      # analysis digest -> (folders.rows(), folders.of_symbols())
        self.stacks = {}       # coord tuple -> build_rows() (absent: the build's not recorded)
        self.layouts = {}      # digest -> STRUCT entry
        self.reorg = {}        # layout digest -> reorg_positions() (None: no order given)
        self.analysis_layouts = {}   # analysis digest -> [layout digest]
        self.configs = {}      # digest -> sorted [(CONFIG, value)]
        self.setups = {}       # digest -> (compiler_version, config digest|None, cmd, source)
        self.uses = []         # (source, CONFIG)
        self.known = set()     # analysis digests of cached objects (rows that already exist)
        self.cache = []        # (object digest, analysis digest) to remember
        self.analyzer_digest = None
        self.slices = {}       # digest -> (object name, [builds of that object])
        self.refusals = []     # (arch, compiler, label, CONFIG_X, why) a sweep could not build
        self.demangled = {}    # symbol name -> its demangled spelling (mangled names only)


# A symbol's demangled spellings (the analyzer's libiberty, as nm -C): a function of its name,
# stored per name (table demangled) and left out of the analysis digest.
DEMANGLED = (("name", "demangled"), ("norm", "norm_demangled"))


def _analysis_part(entry):
    """What an analysis digest covers; the stack only when recorded, so that JSON without it
    (an older analyzer) keeps the digests it always had."""
    part = {k: entry[k] for k in ("format", "class", "endian", "machine", "type", "text", "data",
                                  "bss", "dec", "sections", "rollup")}
    drop = {k for _, k in DEMANGLED}
    part["symbols"] = [{k: v for k, v in y.items() if k not in drop} for y in entry["symbols"]]
    # What the object says of its compiler (since schema version 7), only when it says
    # something: the analyses of objects without it keep the digests they had before.
    comment = list(entry.get("comment") or [])
    producers = toolchain.producers(entry.get("compileunits"))
    if comment:
        part["comment"] = comment
    if producers:
        part["producers"] = producers
    if entry.get("stack") is not None:
        part["stack"] = entry["stack"]
    # A linked image by folder (since schema version 13): only for one with unit spans.
    if folders.linked(entry):
        part["folders"] = [folders.rows(entry), folders.of_symbols(entry)]
    return part


def analysis_digest(part, layout_digests):
    """The content address of an analysis: its _analysis_part() and its layouts' digests."""
    return digest([part, sorted(x.hex() for x in layout_digests)])


def entry_digest(entry):
    """analysis_digest() of a FILE entry (mode all); a cache stub's is its `_analysis`."""
    if "_analysis" in entry:
        return entry["_analysis"]
    return analysis_digest(_analysis_part(entry), [digest(s) for s in entry["structs"]])


FRAME_KINDS = ("static", "fp", "unknown")


def frame_rows(entry, where):
    """The FRAME entries of a FILE entry as (function, norm, section, frame, kind, su JSON,
    worst, unbounded, chain JSON) tuples in the analyzer's order; None when the stack was
    not recorded.  su, worst, unbounded and chain are optional (the call-graph pass adds
    them) and null when absent."""
    stack = entry.get("stack")
    if stack is None:
        return None
    if not isinstance(stack, list):
        raise BwError("%s: stack is not a list of FRAME entries" % where)
    norms = {y["name"]: y["norm"] for y in entry["symbols"]}
    rows = []
    for i, fr in enumerate(stack):
        at = "%s: stack[%d]" % (where, i)
        if not isinstance(fr, dict):
            raise BwError("%s: not a FRAME entry" % at)
        fn, sec, frame, kind = (fr.get(k) for k in ("function", "section", "frame", "kind"))
        worst, unb, su, chain = (fr.get(k) for k in ("worst", "unbounded", "su", "chain"))
        if not isinstance(fn, str) or not isinstance(sec, str):
            raise BwError("%s: function and section must be strings" % at)
        if kind not in FRAME_KINDS:
            raise BwError("%s (%s): kind %r is not one of %s" % (at, fn, kind, ", ".join(FRAME_KINDS)))
        for name, v in (("frame", frame), ("worst", worst)):
            if v is not None and (type(v) is not int or v < 0):
                raise BwError("%s (%s): %s %r is not a byte count" % (at, fn, name, v))
        if (frame is None) != (kind == "unknown"):
            raise BwError("%s (%s): frame %r with kind %s (only unknown has no frame)"
                          % (at, fn, frame, kind))
        if unb is not None and not isinstance(unb, str):
            raise BwError("%s (%s): unbounded must be null or a reason" % (at, fn))
        if su is not None and not isinstance(su, dict):
            raise BwError("%s (%s): su must be null or an object" % (at, fn))
        if chain is not None and not (isinstance(chain, list) and chain
                                      and all(isinstance(c, str) for c in chain)):
            raise BwError("%s (%s): chain must be null or a list of function names" % (at, fn))
        rows.append((fn, norms.get(fn, fn), sec, frame, kind,
                     None if su is None else json.dumps(su, sort_keys=True, separators=(",", ":")),
                     worst, unb,
                     None if chain is None else json.dumps(chain, separators=(",", ":"))))
    return rows


def build_rows(entry, where, frames=None):
    """(objects, [(worst, unbounded, chain JSON)]) of an entry's `_build_stack` (the recorder's
    stack run over all objects of its build), one per FRAME entry of the analysis in its
    order; None when there is none. `frames` (frame_rows() of the entry, when analyzed now)
    must name the same functions in the same order."""
    bs = entry.get("_build_stack")
    if bs is None:
        return None
    objects = bs.get("objects") if isinstance(bs, dict) else None
    if type(objects) is not int or objects < 1:
        raise BwError("%s: _build_stack has no object count" % where)
    rows = frame_rows({"stack": bs.get("stack"), "symbols": []}, where + ": build stack")
    if rows is None:
        raise BwError("%s: _build_stack has no FRAME entries" % where)
    if frames is not None and [r[0] for r in rows] != [r[0] for r in frames]:
        raise BwError("%s: the build's stack names other functions than the object's"
                      % where)
    return objects, [r[6:9] for r in rows]


def stored_coordinate(entry, where):
    """The coordinate the recorder decided for a FILE entry (record.coordinate.decide: its
    `_coordinate`), checked to be five strings; ingest stores it as it is."""
    c = entry.get("_coordinate")
    if not isinstance(c, (list, tuple)) or len(c) != 5 or not all(isinstance(x, str) for x in c):
        raise BwError("%s (%s): no decided coordinate (record.coordinate.decide_all gives "
                      "every entry one before ingest)" % (where, entry.get("file")))
    return tuple(c)


def describe(coord):
    """arch/compiler/label[/key=value...]/object, as errors and listings print a coordinate."""
    keys = ["%s=%s" % kv for kv in sorted(parse_keys(coord[3]).items())]
    return "/".join(list(coord[:3]) + keys + [coord[4]])


def prepare(files, uses, where, analyzer_digest=None):
    """Validate and reshape FILE entries (mode all) and CONFIG usage into a Prepared.

    An entry may be a cache stub: file, member, build, machine and `_analysis` (the digest
    of an analysis already stored); `_object_digest` marks an entry worth caching."""
    p = Prepared()
    p.analyzer_digest = analyzer_digest
    seen = {}
    for i, entry in enumerate(files):
        at = "%s: files[%d]" % (where, i)
        if not isinstance(entry, dict):
            raise BwError("%s: not a FILE entry" % at)
        coord = stored_coordinate(entry, at)
        if "_analysis" in entry:
            _claim(seen, coord, entry["file"], where)
            p.known.add(entry["_analysis"])
            p.stacks[coord] = build_rows(entry, "%s (%s)" % (at, entry["file"]))
            _add_build(p, entry, coord, entry["_analysis"])
            continue
        try:
            a = _analysis_part(entry)
            structs = entry["structs"]
            for s in structs:
                s["name"], s["size"], s["members"]   # presence checks
            reorgs = [reorg_positions(s, "%s (%s)" % (at, entry["file"])) for s in structs]
            for y in entry["symbols"]:
                y["name"], y["norm"], y["size"], y["type"], y["section"]
                for raw, dm in DEMANGLED:
                    if y.get(dm) is not None:
                        p.demangled[str(y[raw])] = str(y[dm])
            frames = frame_rows(entry, "%s (%s)" % (at, entry["file"]))
            stacks = build_rows(entry, "%s (%s)" % (at, entry["file"]), frames)
        except (KeyError, TypeError) as e:
            raise BwError("%s (%s): missing or malformed field %s"
                          % (at, entry.get("file") if isinstance(entry, dict) else "?", e))
        _claim(seen, coord, entry["file"], where)
        p.stacks[coord] = stacks
        lds = []
        for s, positions in zip(structs, reorgs):
            ld = digest(s)
            p.layouts[ld] = s
            p.reorg[ld] = positions
            lds.append(ld)
        ad = analysis_digest(a, lds)
        p.analyses[ad] = entry
        p.frames[ad] = frames
        p.folders[ad] = a.get("folders") or ([], [])     # worked out once, for the digest
        p.analysis_layouts[ad] = sorted(set(lds))
        if entry.get("_object_digest") and analyzer_digest:
            p.cache.append((entry["_object_digest"], ad))
        _add_build(p, entry, coord, ad)
    p.uses = sorted(set(uses))
    groups = {}
    for b in p.builds:
        groups.setdefault(b[0][4], []).append(b)
    p.slices = {slice_digest(members, p.stacks): (obj, members) for obj, members in groups.items()}
    return p


def _claim(seen, coord, path, where):
    """Note that path gives coord ({coord: path} seen); two files giving one is an error."""
    if coord in seen:
        raise BwError("%s: %s and %s are the same coordinate %s"
                      % (where, seen[coord], path, describe(coord)))
    seen[coord] = path


def _add_build(p, entry, coord, ad):
    """The setup (build record) of an entry, and its builds row."""
    build = entry.get("build") or {}
    cd = None
    config = entry.get("_config") if entry.get("_config") is not None else build.get("config")
    if config:
        items = sorted((str(k), str(v)) for k, v in config.items())
        cd = digest(items)
        p.configs[cd] = items
    setup = (str(entry.get("_compiler_version") or build.get("compiler_version") or
                 toolchain.of_entry(entry).version), cd,
             str(build.get("cmd") or ""), str(build.get("source") or ""))
    sd = digest([setup[0], cd.hex() if cd else None, setup[2], setup[3]])
    p.setups[sd] = setup
    p.builds.append((coord, ad, sd, entry["file"]))


def record(store, commit, prepared, build=None):
    """Store one commit (replacing any earlier record of it) in one transaction.

    commit: dict sha, dirty, parents, author, author_date, commit_date, subject,
    status ('ok'|'failed'), error, kind ('commit', the default, or 'release').  With `build`
    (a declared build's name), only that build's part of the commit is replaced: the other
    builds recorded of it stay, and the commit's status is theirs and this one's together.
    Returns (commit id, number of new analyses)."""
    return store.write(lambda: _record(store, commit, prepared, build))


def _upsert_commit(d, commit, build=None):
    """Insert or update a commit's row, emptied of what is recorded again (all of it, or one
    declared build's slices); its id."""
    values = (commit["sha"], int(bool(commit["dirty"])), commit.get("parents", ""),
              commit.get("author", ""), int(commit.get("author_date", 0)),
              int(commit.get("commit_date", 0)), commit.get("subject", ""), commit["status"],
              commit.get("error", ""), int(time.time()), commit.get("kind", "commit"))
    insert = ("INSERT INTO commits (sha, dirty, parents, author, author_date, commit_date, "
              "subject, status, error, recorded_at, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ")
    # A commit recorded for the first time has nothing to empty: one statement, not five.
    # (A concurrent first record of it waits on this row's insert, then takes the update.)
    row = d.execute(insert + "ON CONFLICT (sha, dirty) DO NOTHING RETURNING id", values).fetchone()
    if row is not None:
        return row[0]
    row = d.execute(
        insert + "ON CONFLICT (sha, dirty) DO UPDATE SET parents = excluded.parents, "
        "author = excluded.author, author_date = excluded.author_date, "
        "commit_date = excluded.commit_date, subject = excluded.subject, "
        "status = excluded.status, error = excluded.error, recorded_at = excluded.recorded_at "
        "RETURNING id", values).fetchone()
    cid = row[0]
    if build is not None:
        # A slice of the tree's one build ('') was the commit recorded whole: gone too.
        d.execute("DELETE FROM commit_slices WHERE commit_id = ? AND build IN ('', ?)",
                  (cid, build))
        return cid
    d.execute("DELETE FROM commit_slices WHERE commit_id = ?", (cid,))
    d.execute("DELETE FROM commit_builds WHERE commit_id = ?", (cid,))
    d.execute("DELETE FROM config_uses WHERE commit_id = ?", (cid,))
    d.execute("DELETE FROM refusals WHERE commit_id = ?", (cid,))
    return cid


def _settle_builds(d, cid, build, status, error):
    """A declared build's status, then the commit's from all its recorded builds: failed
    when one is, with their errors (in build order).  The commit's status."""
    d.execute("INSERT INTO commit_builds (commit_id, build, status, error) VALUES (?, ?, ?, ?) "
              "ON CONFLICT (commit_id, build) DO UPDATE SET status = excluded.status, "
              "error = excluded.error", (cid, build, status, error))
    failed = d.execute("SELECT build, error FROM commit_builds WHERE commit_id = ? AND "
                       "status = 'failed' ORDER BY build", (cid,)).fetchall()
    status = "failed" if failed else "ok"
    d.execute("UPDATE commits SET status = ?, error = ? WHERE id = ?",
              (status, "\n".join("%s: %s" % f for f in failed)[-4000:], cid))
    return status


def record_same(store, commit, parent_sha, note, build=None):
    """Record a commit as identical to its recorded parent (its build would give the same
    objects): the parent's status and objects, the note in `error` before the parent's own.
    With `build`, that declared build of it only.  Returns the status, 'ok' or 'failed'."""
    def write():
        d = store.d
        if build is not None:
            return _same_build(d, commit, parent_sha, note, build)
        row = d.execute("SELECT id, status, error FROM commits WHERE sha = ? AND dirty = 0",
                        (parent_sha,)).fetchone()
        if row is None:
            raise BwError("%s: parent %s is not recorded" % (commit["sha"][:12], parent_sha[:12]))
        pid, status, error = row
        cid = _upsert_commit(d, dict(commit, status=status,
                                     error=note + ("\n" + error if error else "")))
        d.execute("INSERT INTO commit_slices (commit_id, slice_id) SELECT ?, slice_id "
                  "FROM commit_slices WHERE commit_id = ?", (cid, pid))
        d.execute("INSERT INTO config_uses (commit_id, source_id, name_id) SELECT ?, source_id, "
                  "name_id FROM config_uses WHERE commit_id = ?", (cid, pid))
        d.execute("INSERT INTO refusals (commit_id, arch, compiler, label, option_name, why) "
                  "SELECT ?, arch, compiler, label, option_name, why FROM refusals "
                  "WHERE commit_id = ?", (cid, pid))
        return status
    return store.write(write)


def _same_build(d, commit, parent_sha, note, build):
    """record_same() of one declared build: the parent's slices and status of that build."""
    row = d.execute("SELECT b.commit_id, b.status, b.error FROM commit_builds b JOIN commits c "
                    "ON c.id = b.commit_id WHERE c.sha = ? AND c.dirty = 0 AND b.build = ?",
                    (parent_sha, build)).fetchone()
    if row is None:
        raise BwError("%s: build %s of parent %s is not recorded"
                      % (commit["sha"][:12], build, parent_sha[:12]))
    pid, status, error = row
    cid = _upsert_commit(d, dict(commit, status=status), build)
    d.execute("INSERT INTO commit_slices (commit_id, slice_id, build) SELECT ?, slice_id, build "
              "FROM commit_slices WHERE commit_id = ? AND build = ?", (cid, pid, build))
    # Uses and refusals are the commit's, whichever build found them: added to, never cut.
    d.execute("INSERT INTO config_uses (commit_id, source_id, name_id) SELECT ?, source_id, "
              "name_id FROM config_uses WHERE commit_id = ? ON CONFLICT DO NOTHING", (cid, pid))
    return _settle_builds(d, cid, build, status, note + ("\n" + error if error else ""))


def _record(store, commit, p, build=None):
    d = store.d
    cid = _upsert_commit(d, commit, build)

    analysis_ids = store.digests("analyses", list(p.analyses) + sorted(p.known))
    lost = p.known - set(analysis_ids)
    if lost:
        raise BwError("%s: cached analysis missing from the database" % store.where)
    # Everything is inserted in digest order: concurrent recorders then lock rows in the
    # same order and cannot deadlock each other on PostgreSQL.
    new_analyses = sorted(ad for ad in p.analyses if ad not in analysis_ids)
    # Every parsed layout is looked up, not only those of new analyses: one stored without
    # its order (before version 4) gets it now.
    layout_ids = store.digests("layouts", sorted(p.layouts))
    wanted = sorted({ld for ad in new_analyses for ld in p.analysis_layouts[ad]})
    new_layouts = [ld for ld in wanted if ld not in layout_ids]
    orderless = _orderless(store, [layout_ids[ld] for ld in sorted(layout_ids) if p.reorg[ld]])
    config_ids = store.digests("config_sets", list(p.configs))
    setup_ids = store.digests("setups", list(p.setups))

    # Intern every string the new rows need, in one sorted batch.
    strings = set()
    for coord, _, _, path in p.builds:
        strings.update(coord)
        strings.update(x for kv in parse_keys(coord[3]).items() for x in kv)
        strings.add(path)
    for sd, (ccv, _, cmd, src) in p.setups.items():
        if sd not in setup_ids:
            strings.update((ccv, cmd, src))
    for cd, items in p.configs.items():
        if cd not in config_ids:
            strings.update(k for k, _ in items)
    for ad in new_analyses:
        e = p.analyses[ad]
        strings.add("\n".join(e.get("comment") or []))
        strings.update(prod for prod, _ in toolchain.producers(e.get("compileunits")))
        strings.update(s["name"] for s in e["sections"])
        strings.update(f[0] for f in p.folders[ad][0])
        for y in e["symbols"]:
            strings.update((y["name"], y["norm"], y["section"]))
        for fr in p.frames[ad] or ():
            strings.update(fr[:3])
            if fr[8] is not None:
                strings.add(fr[8])
    for st in p.stacks.values():
        strings.update(r[2] for r in (st[1] if st else ()) if r[2] is not None)
    for ld in new_layouts:
        s = p.layouts[ld]
        strings.add(s["name"])
        if s.get("decl_file"):
            strings.add(s["decl_file"])
        for m in s["members"]:
            strings.update((m["name"], m["type"]))
    for src, cfg in p.uses:
        strings.update((src, cfg))
    strings.update(x for kv in p.demangled.items() for x in kv)
    names = store.intern(strings)

    # CONFIG sets and setups.
    added = store.insert_digests("config_sets", [],
                                 [(cd,) for cd in sorted(p.configs) if cd not in config_ids])
    config_ids.update(added)
    config_ids.update(store.digests("config_sets", [cd for cd in p.configs if cd not in config_ids]))
    if added:
        d.insert_many("INSERT INTO config_values (config_id, name_id, value) VALUES (?, ?, ?)",
                      [(added[cd], names[k], v) for cd in added for k, v in p.configs[cd]])
    rows = []
    for sd, (ccv, cd, cmd, src) in sorted(p.setups.items()):
        if sd not in setup_ids:
            rows.append((sd, names[ccv], config_ids[cd] if cd else None, names[cmd], names[src]))
    setup_ids.update(store.insert_digests(
        "setups", ["compiler_version_id", "config_id", "cmd_id", "source_id"], rows))
    missing = [sd for sd in p.setups if sd not in setup_ids]
    setup_ids.update(store.digests("setups", missing))   # added concurrently by another recorder

    # Layouts and their members.
    rows = []
    for ld in new_layouts:
        s = p.layouts[ld]
        reorg = s.get("reorganized") or {}
        rows.append((ld, names[s["name"]], s.get("kind", "struct"), s["size"],
                     s.get("cachelines", 0), s.get("holes", 0), s.get("hole_bytes", 0),
                     s.get("bit_holes", 0), s.get("bit_hole_bits", 0), s.get("padding", 0),
                     reorg.get("size"), reorg.get("saving"),
                     names[s["decl_file"]] if s.get("decl_file") else None,
                     s.get("decl_line") if s.get("decl_file") else None))
    added = store.insert_digests("layouts", [
        "name_id", "kind", "size", "cachelines", "holes", "hole_bytes", "bit_holes",
        "bit_hole_bits", "padding", "reorg_size", "reorg_saving", "decl_file_id", "decl_line"],
        rows)
    layout_ids.update(added)
    members = []
    for ld, lid in added.items():
        order = p.reorg[ld] or [None] * len(p.layouts[ld]["members"])
        for seq, m in enumerate(p.layouts[ld]["members"]):
            members.append((lid, seq, names[m["name"]], names[m["type"]], m["offset"], m["size"],
                            m.get("bit_size", 0), m.get("bit_offset", 0), order[seq]))
    d.insert_many("INSERT INTO members (layout_id, seq, name_id, type_id, byte_offset, size, "
                  "bit_size, bit_offset, reorg_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", members)
    missing = [ld for ld in new_layouts if ld not in layout_ids]
    layout_ids.update(store.digests("layouts", missing))
    for ld in sorted(layout_ids):   # digest order, as every other write
        if layout_ids[ld] in orderless:
            _fill_order(d, layout_ids[ld], p.reorg[ld])

    # Analyses and what hangs off them.
    rows = []
    for ad in new_analyses:
        e = p.analyses[ad]
        r = e.get("rollup") or {}
        rows.append((ad, e["format"], e["class"], e["endian"], e["machine"], e["type"],
                     e["text"], e["data"], e["bss"], e["dec"], r.get("func", 0), r.get("data", 0),
                     r.get("rodata", 0), r.get("bss", 0), r.get("other", 0),
                     names["\n".join(e.get("comment") or [])],
                     None if p.frames[ad] is None else len(p.frames[ad])))
    added = new_analysis_ids = store.insert_digests("analyses", [
        "format", "elf_class", "endian", "machine", "elf_type", "text", "data", "bss", "total",
        "func_bytes", "data_bytes", "rodata_bytes", "bss_bytes", "other_bytes", "comment_id",
        "frames"], rows)
    analysis_ids.update(added)
    sections, symbols, links, producers, frames, folder_rows = [], [], [], [], [], []
    for ad, aid in added.items():
        e = p.analyses[ad]
        for seq, (prod, units) in enumerate(toolchain.producers(e.get("compileunits"))):
            producers.append((aid, seq, names[prod], units))
        for seq, s in enumerate(e["sections"]):
            sections.append((aid, seq, names[s["name"]], s["size"], s.get("class", "other")))
        folder_list, sym_folders = p.folders[ad]
        for seq, f in enumerate(folder_list):
            folder_rows.append((aid, seq, names[f[0]]) + f[1:])
        sym_folders = sym_folders or [None] * len(e["symbols"])
        for seq, (y, f) in enumerate(zip(e["symbols"], sym_folders)):
            symbols.append((aid, names[y["norm"]], seq, names[y["name"]], y["type"], y["size"],
                            names[y["section"]], y.get("bind", ""), y.get("kind", "other"),
                            None if f is None else names[f]))
        for ld in p.analysis_layouts[ad]:
            links.append((aid, layout_ids[ld]))
        for seq, (fn, norm, sec, frame, kind, su, worst, unb, chain) in enumerate(p.frames[ad] or ()):
            frames.append((aid, seq, names[fn], names[norm], names[sec], frame, kind, su, worst,
                           unb, None if chain is None else names[chain]))
    d.insert_many("INSERT INTO sections (analysis_id, seq, name_id, size, bucket) "
                  "VALUES (?, ?, ?, ?, ?)", sections)
    d.insert_many("INSERT INTO symbols (analysis_id, norm_id, seq, name_id, type, size, "
                  "section_id, bind, kind, folder_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  symbols)
    d.insert_many("INSERT INTO analysis_folders (analysis_id, seq, folder_id, units, text, data, "
                  "rodata, bss) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", folder_rows)
    d.insert_many("INSERT INTO analysis_layouts (analysis_id, layout_id) VALUES (?, ?)", links)
    d.insert_many("INSERT INTO analysis_producers (analysis_id, seq, producer_id, units) "
                  "VALUES (?, ?, ?, ?)", producers)
    # Every parsed entry's, not only new analyses': one recorded before version 8 gets them.
    d.insert_many("INSERT INTO demangled (name_id, demangled_id) VALUES (?, ?) "
                  "ON CONFLICT DO NOTHING",
                  sorted((names[n], names[dm]) for n, dm in p.demangled.items()))
    d.insert_many("INSERT INTO frames (analysis_id, seq, function_id, norm_id, section_id, frame, "
                  "kind, su, worst, unbounded, chain_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  frames)
    missing = [ad for ad in new_analyses if ad not in analysis_ids]
    analysis_ids.update(store.digests("analyses", missing))

    # Coordinates, then the per-commit rows.
    coord_ids = coords(store, [b[0] for b in p.builds], names)
    slice_ids = store.digests("slices", list(p.slices))
    new = sorted(sd for sd in p.slices if sd not in slice_ids)
    added = store.insert_digests("slices", ["object_id", "builds"],
                                 [(sd, names[p.slices[sd][0]], len(p.slices[sd][1])) for sd in new])
    slice_ids.update(added)
    d.insert_many("INSERT INTO slice_builds (slice_id, coord_id, analysis_id, setup_id, path_id, "
                  "stack_objects) VALUES (?, ?, ?, ?, ?, ?)",
                  [(sid, coord_ids[c], analysis_ids[ad], setup_ids[sd], names[path],
                    p.stacks[c][0] if p.stacks.get(c) else None)
                   for dg, sid in added.items() for c, ad, sd, path in p.slices[dg][1]])
    d.insert_many("INSERT INTO build_frames (slice_id, coord_id, seq, worst, unbounded, chain_id) "
                  "VALUES (?, ?, ?, ?, ?, ?)",
                  [(sid, coord_ids[c], seq, worst, unb, None if chain is None else names[chain])
                   for dg, sid in added.items() for c, _, _, _ in p.slices[dg][1]
                   for seq, (worst, unb, chain) in enumerate(p.stacks[c][1] if p.stacks.get(c) else ())])
    slice_ids.update(store.digests("slices", [sd for sd in new if sd not in slice_ids]))
    d.insert_many("INSERT INTO commit_slices (commit_id, slice_id, build) VALUES (?, ?, ?)",
                  sorted((cid, slice_ids[sd], build or "") for sd in p.slices))
    # A declared build adds to the commit's uses and refusals (another build's stay).
    again = " ON CONFLICT DO NOTHING" if build is not None else ""
    d.insert_many("INSERT INTO config_uses (commit_id, source_id, name_id) VALUES (?, ?, ?)"
                  + again, [(cid, names[s], names[c]) for s, c in p.uses])
    d.insert_many("INSERT INTO refusals (commit_id, arch, compiler, label, option_name, why) "
                  "VALUES (?, ?, ?, ?, ?, ?)" + again,
                  [(cid,) + r for r in sorted({r[:4]: r for r in p.refusals}.values())])
    if build is not None:
        _settle_builds(d, cid, build, commit["status"], commit.get("error", ""))
    if p.cache:
        d.insert_many("INSERT INTO object_cache (object_digest, analyzer_digest, analysis_id) "
                      "VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                      [(d.blob(od), d.blob(p.analyzer_digest), analysis_ids[ad])
                       for od, ad in sorted(set(p.cache))])
    _test_pause()
    return cid, len(new_analysis_ids)


def _orderless(store, layout_ids):
    """The layouts among layout_ids whose members have no reorganized order stored."""
    found = set()
    for part in chunks(sorted(layout_ids)):
        found.update(r[0] for r in store.query(
            "SELECT DISTINCT layout_id FROM members WHERE reorg_seq IS NULL AND layout_id IN (%s)"
            % marks(len(part)), part))
    return found


def _fill_order(d, layout_id, positions):
    """Store a layout's reorganized order on members recorded without it (one statement)."""
    cases = " ".join("WHEN ? THEN ?" for _ in positions)
    params = [x for seq, pos in enumerate(positions) for x in (seq, pos)]
    d.execute("UPDATE members SET reorg_seq = CASE seq %s END WHERE layout_id = ? "
              "AND reorg_seq IS NULL" % cases, params + [layout_id])


def _test_pause():
    """Fault-injection seam for the crash test: with BLOATWATCH_TEST_PAUSE=FILE, announce
    (create FILE) and wait with every row written but the transaction not yet committed."""
    marker = os.environ.get("BLOATWATCH_TEST_PAUSE")
    if marker:
        with open(marker, "w") as f:
            f.write(str(os.getpid()))
        time.sleep(120)


COORD_COLS = ("arch_id", "compiler_id", "label_id", "keys_id", "object_id")


def coords(store, wanted, names):
    """{coord tuple: id}, inserting new coordinates and their extra keys (the table is small:
    read it whole)."""
    keyed = {tuple(names[x] for x in c): c for c in set(wanted)}

    def load():
        store.coord_ids.update((tuple(r[1:]), r[0]) for r in
                               store.query("SELECT id, %s FROM coords" % ", ".join(COORD_COLS)))
        return store.coord_ids

    # Coordinates are never deleted: ids read once are kept by the store (a runner's
    # records from job to job read the table once), like interned names.
    found = store.coord_ids
    if any(k not in found for k in keyed):
        found = load()
    new = sorted(k for k in keyed if k not in found)
    if new:
        store.d.insert_many("INSERT INTO coords (%s) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
                            % ", ".join(COORD_COLS), new)
        found = load()
        rows = []
        for k in new:
            for key, value in sorted(parse_keys(keyed[k][3]).items()):
                rows.append((found[k], names[key], names[value]))
        store.d.insert_many("INSERT INTO coord_keys (coord_id, key_id, value_id) VALUES (?, ?, ?) "
                            "ON CONFLICT DO NOTHING", rows)
    return {keyed[k]: found[k] for k in keyed}
