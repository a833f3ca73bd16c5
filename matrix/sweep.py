# The CONFIG sweep: one-option flips and numeric curves over base scenarios (matrix/SWEEP).
#
# gen.py sweep BUILD calls generate(): for every base, the options its objects' sources use
# (bloatwatch-analyze configs over the sources and headers of the base's .d files) and the
# options Kconfig makes them depend on are flipped alone through Kconfig, for every arch x
# compiler of the matrix; rules go to BUILD/sweep.gen.mk and the manifest (same schema as the
# matrix's) to BUILD/sweep.json.in. A flip whose configuration equals its base's uses the
# base's matrix objects; a flip Kconfig refuses is listed under "excluded" with the reason.
import json
import os
import subprocess

import kconfiglib

import gen
import resolve


def read_sweep():
    """(bases, [(option, bases or '*', [(value, {CONFIG_X: v})])]) of matrix/SWEEP."""
    bases, curves = [], []
    for n, line in gen.data_lines("SWEEP"):
        where = "matrix/SWEEP:%d" % n
        words = line.split()
        if words[0] == "base" and len(words) > 1:
            bases += words[1:]
        elif words[0] == "curve" and ":" in words and words.index(":") > 2:
            i = words.index(":")
            opt, on, points = words[1], words[2:i], []
            for w in words[i + 1:]:
                value, *extra = w.split(",")
                sets = {opt: value}
                for e in extra:
                    k, eq, v = e.partition("=")
                    if not eq or not k.startswith("CONFIG_"):
                        raise gen.DataError("%s: %s: want VALUE,CONFIG_X=v" % (where, w))
                    sets[k] = v
                points.append((value, sets))
            if not points:
                raise gen.DataError("%s: a curve needs values after ':'" % where)
            curves.append((opt, "*" if on == ["*"] else on, points, where))
        else:
            raise gen.DataError("%s: want 'base SCENARIO...' or 'curve OPTION BASE... : VALUE...'" % where)
    known = set(gen.scenarios()) | set(os.listdir(os.path.join(gen.HERE, "scenarios")))
    for scen in bases + [b for c in curves if c[1] != "*" for b in c[1]]:
        if scen not in known:
            raise gen.DataError("matrix/SWEEP: %s: no file matrix/scenarios/%s" % (scen, scen))
    return bases, curves


def dep_files(build, base, coords):
    """{base object: sources and headers it was built from (its make .d file)} of every coordinate."""
    out = {}
    for arch, cc in coords:
        d = os.path.join(build, arch, cc, base)
        for name in os.listdir(d) if os.path.isdir(d) else ():
            if not name.endswith(".d"):
                continue
            with open(os.path.join(d, name), encoding="utf-8") as f:
                out[os.path.join(d, name[:-2] + ".o")] = {
                    tok for tok in f.read().replace("\\\n", " ").split()
                    if tok.endswith((".c", ".h")) and not tok.startswith(build + "/")}
    return out


def used_options(analyzer, files, where, every=False):
    """{file: CONFIG_ symbols} of files and their union (bloatwatch-analyze configs --json):
    extractconfig's, or with every=True each CONFIG_ token (what can change a preprocessed text)."""
    if not files:
        raise gen.DataError("sweep: %s: no dependency files: build the matrix first (make objects)" % where)
    r = subprocess.run([analyzer, "configs", "--json"] + ["--all"] * every + sorted(files),
                       capture_output=True, text=True)
    if r.returncode:
        raise gen.DataError("sweep: %s configs failed: %s" % (analyzer, r.stderr.strip()))
    out = json.loads(r.stdout)
    return {f["file"]: f["configs"] for f in out["files"]}, out["union"]


def referenced(kconf, names):
    """names plus every symbol Kconfig makes them depend on (dependencies, prompts, defaults,
    ranges, their choice), transitively: the options that can change what names resolve to."""
    todo, seen = [n[len("CONFIG_"):] for n in names], set()
    while todo:
        name = todo.pop()
        sym = kconf.syms.get(name)
        if name in seen or sym is None or not sym.nodes:
            continue
        seen.add(name)
        exprs = [sym.direct_dep] + [n.prompt[1] for n in sym.nodes if n.prompt]
        exprs += [e for d in sym.defaults for e in d] + [e for r in sym.ranges for e in r]
        for e in exprs:
            todo += [s.name for s in kconfiglib.expr_items(e) if isinstance(s, kconfiglib.Symbol)
                     and not s.is_constant]
        if sym.choice:
            todo += [m.name for m in sym.choice.syms]
    return sorted("CONFIG_" + n for n in seen)


def flips(kconf, base_values, options, curves, base):
    """[(label, kind, option, {CONFIG_X: v})] for one base, and [(label, why)] it cannot have."""
    out, refused = [], []
    for opt in options:
        sym = kconf.syms[opt[len("CONFIG_"):]]
        cur = base_values.get(opt, "n")
        if sym.orig_type == kconfiglib.BOOL:
            if sym.choice is not None:
                if cur != "y":
                    out.append(("%s+%s" % (base, sym.name), "choice", opt, {opt: "y"}))
                continue
            want = "n" if cur == "y" else "y"
            label = "%s%s%s" % (base, "-" if want == "n" else "+", sym.name)
            if not sym.nodes[0].prompt:
                refused.append((label, "%s has no prompt: the architecture or other options set it"
                                % sym.name))
                continue
            out.append((label, "flip", opt, {opt: want}))
            continue
        mine = [c for c in curves if c[0] == opt and (c[1] == "*" or base in c[1])]
        if not mine:
            if sym.visibility:
                raise gen.DataError("matrix/SWEEP: %s is numeric and %s can set it: give it a curve"
                                    % (opt, base))
            refused.append(("%s:%s" % (base, sym.name), resolve.why(sym, "")))
            continue
        for _, _, points, _ in mine:
            for value, sets in points:
                out.append(("%s:%s=%s" % (base, sym.name, value), "curve", opt, dict(sets)))
    return out, refused


def folder_name(label):
    """A directory (and make target) name for a label: ':' and '=' mean something to make."""
    return label.replace(":", "@").replace("=", "-")


def effective(values, kconf):
    """Values with every bool present (an absent bool is n): for comparing configurations."""
    out = dict(values)
    for sym in kconf.unique_defined_syms:
        if sym.orig_type == kconfiglib.BOOL:
            out.setdefault("CONFIG_" + sym.name, "n")
    return out


def generate(build):
    drivers, exclude_text = gen.read_env(build)
    arch_list, cc_list, table = gen.arches(), gen.compilers(), gen.kbuild()
    exclude = gen.excludes(exclude_text, [a["name"] for a in arch_list], cc_list)
    analyzer = os.environ.get("MATRIX_ANALYZER", "bin/bloatwatch-analyze")
    bases, curves = read_sweep()
    pairs = [(a["name"], cc) for a in arch_list for cc in cc_list
             if (a["name"], cc) not in exclude and drivers.get(gen.driver(a, cc)[0][0], (None,))[0]]
    curve_only = sorted({b for c in curves if c[1] != "*" for b in c[1]} - set(bases))
    em = gen.Emitter(build, "SWEEP", "MATRIX")
    coords, excluded = [], [{"arch": a, "compiler": c, "why": "MATRIX_EXCLUDE"} for a, c in exclude]
    plan, reads = {}, {}
    matrix_scenarios = set(gen.scenarios())
    for base in bases + curve_only:
        deps = dep_files(build, base, pairs)
        files = set().union(*deps.values())
        plan[base] = used_options(analyzer, files, base)[1]
        if base not in matrix_scenarios:
            continue
        # What each of the base's matrix objects reads: a flip that leaves all of it alone gives
        # the same preprocessed text, so the object is the base's (`cc.sh` copies it).
        every = used_options(analyzer, files, base, every=True)[0]
        for obj, its in deps.items():
            if all(f in every for f in its):
                names = set().union(*(every[f] for f in its))
                reads[obj] = names | {n[:-len("_MODULE")] for n in names if n.endswith("_MODULE")}
    for arch in arch_list:
        live = [cc for cc in cc_list if (arch["name"], cc) in pairs]
        if not live:
            continue
        resolver = resolve.Resolver(arch["name"])
        kconf = resolver.kconf
        try:
            for base in bases + curve_only:
                frag = [resolve.COMMON, os.path.join(gen.HERE, "scenarios", base)]
                base_r = resolver.resolve(frag)
                base_built = gen.objects_for(base_r.values, table) if base in matrix_scenarios else []
                known = [o for o in plan[base] if o[len("CONFIG_"):] in kconf.syms
                         and kconf.syms[o[len("CONFIG_"):]].nodes]
                if base in bases:
                    opts = referenced(kconf, known)
                    mine = [c for c in curves if c[1] == "*" or base in c[1]]
                else:
                    opts = [c[0] for c in curves if base in c[1]]
                    mine = [c for c in curves if base in c[1]]
                todo, refused = flips(kconf, base_r.values, opts, mine, base)
                for label, why in refused:
                    excluded += [{"arch": arch["name"], "compiler": cc, "config": label, "why": why}
                                 for cc in live]
                for label, kind, opt, sets in [(base, "base", None, {})] + todo:
                    try:
                        r = resolver.resolve(frag, [(k, v, "flip") for k, v in sets.items()], label,
                                             strict=False) if sets else base_r
                    except resolve.ResolveError as e:
                        why = str(e).split(": ", 1)[-1]
                        excluded += [{"arch": arch["name"], "compiler": cc, "config": label, "why": why}
                                     for cc in live]
                        continue
                    before, after = effective(base_r.values, kconf), effective(r.values, kconf)
                    implied = {k: after.get(k) for k in sorted(set(before) | set(after))
                               if before.get(k) != after.get(k) and k not in sets}
                    objs = gen.objects_for(r.values, table)
                    for cc in live:
                        if r.values == base_r.values:
                            folder = "%s/%s/%s" % (arch["name"], cc, base)   # the matrix's objects
                        else:
                            folder = "sweep/%s/%s/%s" % (arch["name"], cc, folder_name(label))
                            resolve.write_outputs(r, os.path.join(build, folder))
                            em.compilers[(arch["name"], cc)] = True
                            base_objs = ["%s/%s/%s/%s/%s" % (build, arch["name"], cc, base, os.path.basename(o))
                                         if o in base_built else None for o in objs]
                            same = [b if b in reads and all(r.values.get(n) == base_r.values.get(n)
                                                            for n in reads[b]) else None for b in base_objs]
                            em.coordinate(arch["name"], cc, label, folder, objs,
                                          gen.resolve_cmd(arch["name"], build, folder, base, sets.items()), same)
                        version = drivers[gen.driver(arch, cc)[0][0]][1]
                        coords.append({"arch": arch["name"], "compiler": cc, "config": label,
                                       "compiler_version": version, "base": base, "flip": sets,
                                       "implied": implied, "kind": kind, "option": opt,
                                       "config_values": r.values,
                                       "objects": gen.object_entries(build, folder, objs)})
        finally:
            resolver.close()
    em.write(os.path.join(build, "sweep.gen.mk"), [])
    gen.manifest.write(os.path.join(build, "sweep.json.in"), coords, excluded)
