#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""pahole oracle for the struct extractor: every struct, every number, every file (TAP).

usage: oracle.py DRIVER [--reorganize] [--cli ANALYZER] FILE...

For each FILE it runs `pahole --show_private_classes FILE` (text layouts), `pahole -s
--show_private_classes FILE` where that text has a union (sizes, which pahole prints for
unions too; the text has none for them) and, with
--reorganize, `pahole --show_private_classes --reorganize -C NAMES FILE` for every struct
(and class) it printed; it runs `DRIVER --dump --no-search FILE` and compares, field by field:
  struct: size, cachelines, member count, holes, sum holes, bit holes, sum bit holes,
          padding, bit_padding, sum members, sum bitfield members;
  member: name, offset, size, bit-field width and bit offset, nested anonymous members;
  --reorganize: the saving, and the reorganized member order: the name and the offset of
          every top-level member, position by position (an anonymous struct/union member has
          the name "" and is told apart by its offset), as pahole prints them.
With --cli, `ANALYZER structs --json FILE` (bin/bloatwatch-analyze) must give the same numbers
as the driver for every struct (size, cachelines, holes, bit holes, padding, members, the
reorganize saving and order): the end-to-end tool is held to pahole through the driver's
comparison.
Files with the same bytes as an earlier one (the matrix builds many objects twice) are read
once and share its verdict, said on their line; the driver and the analyzer read 64 files a
run (batch.py: one file per run where such a run fails).
Every mismatch is printed; a file passes only with none. The documented exceptions (pahole
being wrong or ambiguous) are listed in EXCEPTIONS below and counted, never silently skipped.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import sys

import batch  # this folder: the script's own, first on the import path

PAHOLE = "pahole"

# pahole behaviours we deliberately do not copy. Each is recognised precisely and reported.
EXCEPTIONS = {
    "pahole-unrelocated-mips": (
        "pahole 1.24 reads mips relocatable objects without applying their relocations "
        "(elfutils 0.188 has no mips backend): clang's mips objects relocate .debug_str "
        "against local symbols, so pahole prints the producer string as every name, and "
        "mips64 RELA objects have all-zero offsets in place. For every mips relocatable "
        "object pahole reads the same object linked by mips-linux-gnu-ld (an ET_EXEC with "
        "the debug relocations applied by the linker) and we read the .o"),
    "reorg-negative-saving": (
        "pahole --reorganize re-derives the tail padding as word size - (end % its alignment "
        "guess), which can make the struct bigger (packed structs, odd sizes): it then prints "
        "'saved -N bytes!'. We give the same member order and offsets but report a saving of "
        "0 and the original size: a reorganization is never offered as a growth"),
    "reorg-typedef-shadows": (
        "pahole -C NAME looks NAME up as a typedef first; where a typedef of the same name "
        "exists (typedef struct XDR XDR;) it finds the typedef, and --reorganize prints "
        "nothing for a typedef (pahole 1.24 has no syntax to ask for 'struct NAME'), so there "
        "is no reorganized text to compare with. Recognised by pahole -C NAME printing exactly "
        "'typedef struct NAME NAME;'; the struct's plain layout is still compared"),
}

# The reorganized order is compared for every struct pahole prints: pahole's --reorganize text
# parses unambiguously on the whole corpus (top-level members are the lines at depth 1, each
# with its offset; anonymous members are told apart by their offsets), so no struct is exempt.
# A struct whose --reorganize text cannot be matched to ours position by position is a failure.

HDR = re.compile(r"^(struct|union|class) (\S+?)(?: : .*)? \{$")
MEMBER = re.compile(r"/\*\s+(\d+)(?::\s*(\d+))?\s+(\d+)\s+\*/$")
SIZE = re.compile(r"/\* size: (\d+), cachelines: (\d+), members: (\d+) \*/")
SUMS = re.compile(r"/\* sum members: (\d+), holes: (\d+), sum holes: (\d+) \*/")
BITS = re.compile(r"/\* sum bitfield members: (\d+) bits, bit holes: (\d+), sum bit holes: (\d+) bits \*/")
PAD = re.compile(r"/\* padding: (\d+) \*/")
BITPAD = re.compile(r"/\* bit_padding: (\d+) bits \*/")


def member_name(decl):
    """The member name inside a pahole declarator ("(*fn)(int)", "arr[2][3]", "a:3")."""
    decl = re.sub(r"\s*__attribute__\(\(.*\)\)\s*$", "", decl.strip())
    decl = re.sub(r":\d+$", "", decl)
    decl = re.sub(r"(\[[^\]]*\])+$", "", decl)
    m = re.search(r"\(\s*\*+\s*(?:const\s+|volatile\s+)*(\w+)", decl)
    if m and decl.endswith(")"):
        return m.group(1)
    decl = re.sub(r"(\[[^\]]*\])+$", "", decl)
    m = re.search(r"(\w+)$", decl)
    return m.group(1) if m else ""


def parse_pahole(text):
    """pahole text -> {name: struct dict}, first definition of a name wins (as pahole prints)."""
    structs = {}
    cur = None
    stack = []  # open nested member lists
    for line in text.splitlines():
        if cur is None:
            m = HDR.match(line)
            if m:
                cur = dict(kind=m.group(1), name=m.group(2), members=[], size=None,
                           cachelines=None, nmembers=None, holes=0, hole_bytes=0,
                           sum_members=None, bit_holes=0, bit_hole_bits=0, sum_bits=None,
                           padding=0, bit_padding=0, saved=0)
                stack = [cur["members"]]
            continue
        depth = len(line) - len(line.lstrip("\t"))
        body = line.strip()
        if line.startswith("}"):
            m = re.search(r"saved (-?\d+) bytes?", line)
            if m:
                cur["saved"] = int(m.group(1))
            structs.setdefault(cur["name"], cur)
            cur = None
            continue
        if body.startswith("/*"):
            for rx, keys in ((SIZE, ("size", "cachelines", "nmembers")),
                             (SUMS, ("sum_members", "holes", "hole_bytes")),
                             (BITS, ("sum_bits", "bit_holes", "bit_hole_bits")),
                             (PAD, ("padding",)), (BITPAD, ("bit_padding",))):
                m = rx.search(body)
                if m and depth == 1:
                    for k, v in zip(keys, m.groups()):
                        cur[k] = int(v)
            continue
        if not body:
            continue
        if re.match(r"^(const )?(struct|union|enum)\s*\{$", body):
            kids = []
            stack[-1].append(dict(name=None, kids=kids, kind=body.split()[-2]))
            stack.append(kids)
            continue
        m = MEMBER.search(body)
        if body.startswith("}") and len(stack) > 1:
            nested = stack.pop()
            entry = None
            # the entry that opened this block is the last open one in the parent list
            for e in reversed(stack[-1]):
                if e.get("kids") is nested:
                    entry = e
                    break
            if not m:
                # No offset and size: not a member but a type definition pahole prints after
                # the members (clang's nested anonymous union) or a "Force padding" filler of
                # that type. pahole's own member count (compared) still covers every member.
                stack[-1].remove(entry)
                continue
            # "} __attribute__((__aligned__(8))) name __attribute__((...))": the type's own
            # attributes come before the name
            decl = re.sub(r"__attribute__\(\((?:[^()]|\([^()]*\))*\)\)", "",
                          body[1:body.index("/*")]).strip().rstrip(";").strip()
            bitm = re.search(r":(\d+)$", re.sub(r"\s*__attribute__\(\(.*\)\)\s*$", "", decl))
            entry.update(name=member_name(decl), offset=int(m.group(1)), size=int(m.group(3)),
                         bit_size=int(bitm.group(1)) if bitm else 0,
                         bit_offset=int(m.group(2)) if m.group(2) is not None else 0)
            if entry["kind"] == "enum":
                entry.pop("kids")
            continue
        if not m:
            if re.match(r"^\w+ = -?\d+,$", body):
                continue  # enumerator of an expanded anonymous enum
            continue
        decl = body[:body.index("/*")].rstrip().rstrip(";")
        bitm = re.search(r":(\d+)$", re.sub(r"\s*__attribute__\(\(.*\)\)\s*$", "", decl))
        stack[-1].append(dict(name=member_name(decl), offset=int(m.group(1)),
                              size=int(m.group(3)),
                              bit_size=int(bitm.group(1)) if bitm else 0,
                              bit_offset=int(m.group(2)) if m.group(2) is not None else 0))
    return structs


def parse_sizes(text):
    sizes = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) >= 2 and parts[1].isdigit():
            sizes.setdefault(parts[0], int(parts[1]))
    return sizes


def parse_dump(text):
    """driver --dump -> {name: [variants]} in the driver's order."""
    out = {}
    cur = None
    for line in text.splitlines():
        f = line.split("\t")
        if f[0] == "S":
            (kind, name, size, cl, nm, holes, hb, bh, bhb, pad, bpad, summ, sumb,
             reorg) = f[1:15]
            cur = dict(kind=kind, name=name, size=int(size), cachelines=int(cl), reorg=[],
                       nmembers=int(nm), holes=int(holes), hole_bytes=int(hb),
                       bit_holes=int(bh), bit_hole_bits=int(bhb), padding=int(pad),
                       bit_padding=int(bpad), sum_members=int(summ), sum_bits=int(sumb),
                       reorg_size=int(reorg), members=[])
            out.setdefault(name, []).append(cur)
        elif f[0] == "R":
            cur["reorg"] = [tuple(x.rsplit("@", 1)) for x in f[1:]]
        elif f[0].lstrip(" ") == "M":
            depth = len(f[0]) - 1
            m = dict(name=f[1], type=f[2], offset=int(f[3]), size=int(f[4]),
                     bit_size=int(f[5]), bit_offset=int(f[6]), kids=[])
            lst = cur["members"]
            for _ in range(depth):
                lst = lst[-1]["kids"]
            lst.append(m)
    return out


def cmp_members(pm, om, base, where, diffs):
    if len(pm) != len(om):
        diffs.append(f"{where}: {len(pm)} members in pahole, {len(om)} here")
        return
    for p, o in zip(pm, om):
        w = f"{where}.{p['name'] or '<anon>'}"
        if p["name"] != o["name"]:
            diffs.append(f"{w}: name pahole={p['name']!r} here={o['name']!r}")
        for k in ("offset", "size", "bit_size", "bit_offset"):
            ov = o[k] + (base if k == "offset" else 0)
            if p[k] != ov:
                diffs.append(f"{w}: {k} pahole={p[k]} here={ov}")
        if "kids" in p and p.get("kids") is not None:
            cmp_members(p["kids"], o["kids"], base + o["offset"], w, diffs)


def compare(p, o, psize):
    """Differences between one pahole struct and one of ours, as strings."""
    diffs = []
    where = f"{p['kind']} {p['name']}"
    if p["kind"] != o["kind"]:
        diffs.append(f"{where}: kind pahole={p['kind']} here={o['kind']}")
    if p["kind"] != "union":
        checks = dict(size=p["size"], cachelines=p["cachelines"], nmembers=p["nmembers"],
                      holes=p["holes"], hole_bytes=p["hole_bytes"], bit_holes=p["bit_holes"],
                      bit_hole_bits=p["bit_hole_bits"], padding=p["padding"],
                      bit_padding=p["bit_padding"])
        if p["sum_members"] is not None:
            checks["sum_members"] = p["sum_members"]
        if p["sum_bits"] is not None:
            checks["sum_bits"] = p["sum_bits"]
    else:
        checks = dict(size=psize, nmembers=len(p["members"]))
    for k, v in checks.items():
        if v is not None and o[k] != v:
            diffs.append(f"{where}: {k} pahole={v} here={o[k]}")
    cmp_members(p["members"], o["members"], 0, where, diffs)
    return diffs


def run(cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       errors="replace")
    return r.returncode, r.stdout, r.stderr


def reorganized(path, names):
    """pahole --reorganize -C for @names: {name: parsed struct (members in its order, saved)}.
    As few runs as the kernel's limit on one argument (128 KiB) allows: each run reads the
    whole file again (six runs of 100 names took 4 s on libc's debug file, one run 1 s)."""
    saved = {}
    chunks, cur = [], []
    for name in names:
        if cur and sum(len(n) + 1 for n in cur) + len(name) > 100000:
            chunks.append(cur)
            cur = []
        cur.append(name)
    for chunk in chunks + [cur] if cur else chunks:
        rc, out, err = run([PAHOLE, "--show_private_classes", "--reorganize", "-C",
                            ",".join(chunk), path])
        for name, s in parse_pahole(out).items():
            saved[name] = s
    return saved


def forced_alignment(path, name):
    """Does pahole's own text show a forced alignment for this struct?"""
    rc, out, err = run([PAHOLE, "--show_private_classes", "-C", name, path])
    return "__aligned__" in out


LINKDIR = tempfile.mkdtemp(prefix="structs-oracle-")


def mips_rel(path):
    """(class, little-endian) of a mips relocatable object, else None."""
    with open(path, "rb") as f:
        h = f.read(20)
    if len(h) < 20 or h[:4] != b"\x7fELF":
        return None
    little = h[5] == 1
    etype = int.from_bytes(h[16:18], "little" if little else "big")
    machine = int.from_bytes(h[18:20], "little" if little else "big")
    return (h[4], little) if etype == 1 and machine == 8 else None


def linked_copy(path, kind):
    """A mips relocatable object linked by the cross linker, relocations applied (or None)."""
    emul = {(1, False): "elf32btsmip", (1, True): "elf32ltsmip",
            (2, False): "elf64btsmip", (2, True): "elf64ltsmip"}[kind]
    out = os.path.join(LINKDIR, f"{abs(hash(path))}-{os.path.basename(path)}.elf")
    rc, _, _ = run(["mips-linux-gnu-ld", "-m", emul, "--unresolved-symbols=ignore-all",
                    "-e", "0", "-o", out, path]) \
        if shutil.which("mips-linux-gnu-ld") else (1, "", "")
    return out if rc == 0 else None


def cli_runs(cli, paths):
    """{path: (error or None, [its JSON file entries])} of `ANALYZER structs --json --reorganize`,
    batch.PER_RUN files a run; a run that fails or reports an error is redone file by file."""
    out = {}
    for i in range(0, len(paths), batch.PER_RUN):
        chunk = paths[i:i + batch.PER_RUN]
        rc, text, err = run([cli, "structs", "--json", "--reorganize"] + chunk)
        doc = json.loads(text) if rc == 0 else None
        if doc is None or doc["errors"] or any(f["file"] not in chunk for f in doc["files"]):
            for p in chunk:
                rc, text, err = run([cli, "structs", "--json", "--reorganize", p])
                out[p] = (err.strip(), []) if rc != 0 else (None, json.loads(text)["files"])
            continue
        for p in chunk:
            out[p] = (None, [f for f in doc["files"] if f["file"] == p])
    return out


def check_cli(result, ours, diffs):
    """The analyzer's JSON against the driver's dump (which pahole was compared with)."""
    error, files = result
    if error is not None:
        diffs.append(f"cli failed: {error}")
        return
    got = {}
    for f in files:
        for st in f.get("structs", []):
            got.setdefault((st["name"], st["kind"]), []).append(st)
    for name, variants in ours.items():
        for v in variants:
            cands = got.get((name, v["kind"]), [])
            want = dict(size=v["size"], cachelines=v["cachelines"], holes=v["holes"],
                        hole_bytes=v["hole_bytes"], bit_holes=v["bit_holes"],
                        bit_hole_bits=v["bit_hole_bits"], padding=v["padding"],
                        members=[(m["name"], m["offset"], m["size"], m["bit_size"],
                                  m["bit_offset"]) for m in v["members"]],
                        saving=v["size"] - v["reorg_size"],
                        order=[a for a, _ in v["reorg"]])
            ok = False
            for c in cands:
                have = dict((k, c.get(k)) for k in want if k not in ("members", "saving"))
                have["members"] = [(m["name"], m["offset"], m["size"], m["bit_size"],
                                    m["bit_offset"]) for m in c["members"]]
                have["saving"] = c.get("reorganized", {}).get("saving")
                have["order"] = c.get("reorganized", {}).get("order")
                if have == want:
                    ok = True
                    break
            if not ok:
                diffs.append(f"{v['kind']} {name}: bloatwatch-analyze --json differs from "
                             f"the extractor ({len(cands)} candidates)")


def cmp_order(where, ps, here, diffs):
    """pahole's reorganized member order against ours: every differing position is reported."""
    theirs = [(m["name"] or "", m["offset"]) for m in ps["members"]]
    if theirs == here:
        return
    if len(theirs) != len(here):
        diffs.append(f"{where}: reorganized order has {len(theirs)} members in pahole, "
                     f"{len(here)} here: pahole={theirs} here={here}")
        return
    for k, (t, h) in enumerate(zip(theirs, here)):
        if t != h:
            diffs.append(f"{where}: reorganized order position {k}: "
                         f"pahole={t[0] or '<anon>'}@{t[1]} here={h[0] or '<anon>'}@{h[1]}")


def typedefs_only(path, kinds):
    """The names of kinds ({name: kind}) for which `pahole -C NAME` prints exactly
    "typedef KIND NAME NAME;". One pahole -C run for all names (each load of a large file costs
    a run) when it prints exactly those lines, else one run per name."""
    want = {n: f"typedef {k} {n} {n};" for n, k in kinds.items()}
    if not want:
        return set()
    rc, out, err = run([PAHOLE, "--show_private_classes", "-C", ",".join(want), path])
    if rc == 0 and sorted(out.split("\n")) == sorted(list(want.values()) + [""]):
        return set(want)
    return {n for n, line in want.items()
            if run([PAHOLE, "--show_private_classes", "-C", n, path])[1].strip() == line}


def check_reorganized(ppath, pah, ours, diffs, exceptions, stats):
    """pahole --reorganize against the driver: saving and member order of every struct;
    stats counts the structs whose order was compared and those pahole reorders."""
    names = [name for name, p in pah.items() if p["kind"] != "union"]
    result = reorganized(ppath, names)
    shadowed = typedefs_only(ppath, {n: pah[n]["kind"] for n in names if n not in result})
    for name in names:
        p = pah[name]
        where = f"{p['kind']} {name}"
        ps = result.get(name)
        if ps is None:
            if name in shadowed:
                exceptions.setdefault("reorg-typedef-shadows", []).append(name)
            else:
                diffs.append(f"{where}: pahole --reorganize -C {name} printed no layout")
            continue
        mine = [v for v in ours.get(name, []) if v["kind"] == ps["kind"]]
        if not mine:
            continue  # already reported as missing by the layout comparison
        here = [(a, int(b)) for a, b in mine[0]["reorg"]]
        stats["compared"] += 1
        if [m["name"] or "" for m in ps["members"]] != [m["name"] or "" for m in p["members"]]:
            stats["reordered"] += 1
        cmp_order(where, ps, here, diffs)
        got = mine[0]["size"] - mine[0]["reorg_size"]
        if got == ps["saved"]:
            continue
        if ps["saved"] < 0 and got == 0:
            exceptions.setdefault("reorg-negative-saving", []).append(name)
            continue
        diffs.append(f"{where}: reorganize saving pahole={ps['saved']} here={got}")


def check_file(path, dump, reorganize, n, cli=None):
    """One file against pahole: (ok, structs compared, exceptions, order stats); dump is the
    driver's (status, stdout, stderr) on it, cli the analyzer's (cli_runs) or None."""
    exceptions = {}
    stats = dict(compared=0, reordered=0)
    ppath = path
    kind = mips_rel(path)
    if kind:
        ppath = linked_copy(path, kind)
        if not ppath:
            print(f"not ok {n} - {path}: mips-linux-gnu-ld cannot link it for pahole")
            return False, 0, {}, stats
        exceptions["pahole-unrelocated-mips"] = [os.path.basename(path)]
    rc, ptext, perr = batch.stored([PAHOLE, "--show_private_classes", ppath])   # textdiff's too
    if rc != 0:
        print(f"not ok {n} - {path}: pahole failed: {perr.strip()}")
        return False, 0, {}, stats
    rc, dtext, derr = dump
    if rc != 0:
        print(f"not ok {n} - {path}: driver failed: {derr.strip()}")
        return False, 0, {}, stats
    pah = parse_pahole(ptext)
    # pahole's text has no size line for a union: `pahole -s` gives those (only those are read)
    sizes = {}
    if any(p["kind"] == "union" for p in pah.values()):
        sizes = parse_sizes(run([PAHOLE, "-s", "--show_private_classes", ppath])[1])
    ours = parse_dump(dtext)
    diffs = []
    for name, p in pah.items():
        variants = ours.get(name)
        if not variants:
            diffs.append(f"{p['kind']} {name}: printed by pahole, missing here")
            continue
        same_kind = [v for v in variants if v["kind"] == p["kind"]] or variants
        results = [compare(p, v, sizes.get(name)) for v in same_kind]
        if not any(not r for r in results):
            diffs.extend(results[0])
    for name, variants in ours.items():
        if name not in pah:
            diffs.append(f"{variants[0]['kind']} {name}: found here, not printed by pahole")
    if reorganize:
        check_reorganized(ppath, pah, ours, diffs, exceptions, stats)
    if cli:
        check_cli(cli, ours, diffs)
    count = len(pah)
    if diffs:
        print(f"not ok {n} - {path}: {len(diffs)} mismatches in {count} structs")
        for d in diffs:
            print(f"#   {d}")
        return False, count, exceptions, stats
    note = "".join(f"; exception {k}: {len(v)}" for k, v in sorted(exceptions.items()))
    print(f"ok {n} - {path}: {count} structs agree with pahole{note}")
    return True, count, exceptions, stats


def same_bytes(path, first, result, n):
    """The verdict of a file byte-identical to an earlier one: that file's (the tools read
    bytes, not names; only the mips exception names the file)."""
    ok, count, exc, stats = result
    exc = {k: [os.path.basename(path)] if k == "pahole-unrelocated-mips" else v
           for k, v in exc.items()}
    note = "".join(f"; exception {k}: {len(v)}" for k, v in sorted(exc.items()))
    if ok:
        print(f"ok {n} - {path}: {count} structs agree with pahole{note} (same bytes as {first})")
    else:
        print(f"not ok {n} - {path}: same bytes as {first}, which fails")
    return ok, count, exc, stats


def main():
    args = sys.argv[1:]
    driver = args.pop(0)
    reorganize = False
    cli = None
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--reorganize":
            reorganize = True
        elif opt == "--cli":
            cli = args.pop(0)
    print(f"1..{len(args)}")
    first = batch.unique(args)
    todo = [p for p in args if first[p] == p]
    dumps = dict(zip(todo, batch.runs(driver, ["--dump", "--no-search"], todo)))
    clis = cli_runs(cli, todo) if cli else {}
    failed = total = 0
    allexc = {}
    stats = dict(compared=0, reordered=0)
    results = {}
    for i, path in enumerate(args, 1):
        if first[path] == path:
            results[path] = check_file(path, dumps[path], reorganize, i, clis.get(path))
            ok, count, exc, st = results[path]
        else:
            ok, count, exc, st = same_bytes(path, first[path], results[first[path]], i)
        failed += not ok
        total += count
        for k, v in exc.items():
            allexc.setdefault(k, []).extend(f"{path}:{x}" for x in v)
        for k in stats:
            stats[k] += st[k]
    for k, v in sorted(allexc.items()):
        print(f"# exception {k} ({len(v)}): {EXCEPTIONS[k]}")
        for x in v[:20]:
            print(f"#   {x}")
    if reorganize:
        print(f"# reorganized order compared for {stats['compared']} structs "
              f"({stats['reordered']} of them reordered by pahole)")
    print(f"# {total} structs compared in {len(args)} files ({len(args) - len(todo)} of them "
          f"byte-identical to an earlier one, whose verdict they share)")
    print(f"{len(args) - failed} passed, {failed} failed")
    shutil.rmtree(LINKDIR, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
