# tests/analyzer/stack/ci_oracle.py: worst-case stacks from GCC's -fcallgraph-info=su .ci files, against the analyzer's.
"""Usage: ci_oracle.py STACK.json FILE.ci...

Reads the VCG graphs GCC writes (one per object: a node per function with its frame in the
label, "N bytes (static|dynamic|dynamic,bounded)", an edge per call, "__indirect_call" for a
call through a pointer), joins them by name (a static function's title is "file:name"), and
computes each function's worst case on its own: frame + deepest callee, unbounded on a cycle,
an indirect call, a dynamic frame or a function without a frame (most telling first, the
function's own reason before its callees'). Then, for every function of the analyzer's JSON
whose object has a .ci: the same worst case (or the same class of unbounded), and a chain that
is a path of the .ci graph whose frames add up to that worst case.

Prints "# ..." lines for differences, then one line: compared equal class=count...
"""
import json
import os
import re
import sys

NODE = re.compile(r'node: \{ title: "([^"]*)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
FRAME = re.compile(r'(\d+) bytes \((static|dynamic|dynamic,bounded)\)')
RANK = {"recursion": 0, "indirect": 1, "dynamic": 2, "unknown": 3}


def symbol(title):
    """The symbol a .ci title names: "file:name" for a static function, "name" otherwise."""
    return title.rsplit(":", 1)[-1]


def read_ci(paths):
    """frames {key: (bytes, qualifier)}, edges {key: [key]}, home {global key: defining stem};
    key = (object stem or None, symbol)."""
    frames, edges, home = {}, {}, {}
    raw = []
    for path in paths:
        stem = os.path.splitext(os.path.basename(path))[0]
        with open(path) as f:
            text = f.read()
        if not text.startswith("graph: {"):
            sys.exit("%s: not a VCG graph" % path)
        for title, label in NODE.findall(text):
            key = (stem, symbol(title)) if ":" in title else (None, title)
            m = FRAME.search(label.replace("\\n", "\n"))
            if m:
                frames[key] = (int(m.group(1)), m.group(2))
                home[key] = stem
            edges.setdefault(key, [])
        raw += [(stem, s, t) for s, t in EDGE.findall(text)]
    for stem, s, t in raw:
        src = (stem, symbol(s)) if ":" in s else (None, s)
        dst = (stem, symbol(t)) if ":" in t else (None, t)
        edges[src].append(dst)
    return frames, edges, home


def solve(frames, edges):
    """{key: (worst or None, class or None)} by an iterative depth-first search."""
    out, state = {}, {}
    for root in list(edges):
        if root in out:
            continue
        stack = [(root, iter(edges.get(root, [])))]
        state[root] = "open"
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is not None:
                if state.get(nxt) is None:
                    state[nxt] = "open"
                    stack.append((nxt, iter(edges.get(nxt, []))))
                elif state[nxt] == "open":  # a back edge: every open node on the cycle recurs
                    for k, _ in reversed(stack):
                        out[k] = (None, "recursion")
                        if k == nxt:
                            break
                continue
            stack.pop()
            state[node] = "done"
            if out.get(node, (0, None))[1] == "recursion":
                continue
            own = None
            if node[1] == "__indirect_call":
                out[node] = (None, "indirect")
                continue
            if any(c[1] == "__indirect_call" for c in edges.get(node, [])):
                own = "indirect"
            fr = frames.get(node)
            if own is None and fr is None:
                own = "unknown"
            elif own is None and fr[1] == "dynamic":
                own = "dynamic"
            worst, why = 0, None
            for c in edges.get(node, []):
                if c[1] == "__indirect_call":
                    continue
                cw, cwhy = out.get(c, (None, "recursion"))
                if cwhy and (why is None or RANK[cwhy] < RANK[why]):
                    why = cwhy
                elif not cwhy:
                    worst = max(worst, cw)
            if own and (why is None or RANK[own] <= RANK[why]):
                out[node] = (None, own)
            elif why:
                out[node] = (None, why)
            else:
                out[node] = (fr[0] + worst, None)
    return out


def main():
    ours_path, cis = sys.argv[1], sys.argv[2:]
    frames, edges, home = read_ci(cis)
    ci = solve(frames, edges)
    stems = {os.path.splitext(os.path.basename(p))[0] for p in cis}
    with open(ours_path) as f:
        doc = json.load(f)
    compared = equal = 0
    classes = {}
    ours = {}  # (stem, function): (the frame used, its source), for the classes of differences
    for fe in doc["files"]:
        stem = os.path.splitext(os.path.basename(fe["member"] or fe["file"]))[0]
        for x in fe["stack"]:
            su = x["su"]
            if su and su["qualifier"] != "dynamic":
                ours[(stem, x["function"])] = (su["bytes"], "static")
            elif not su:
                ours[(stem, x["function"])] = (x["frame"], x["kind"])
    for fe in doc["files"]:
        stem = os.path.splitext(os.path.basename(fe["member"] or fe["file"]))[0]
        if stem not in stems:
            continue
        for x in fe["stack"]:
            key = (stem, x["function"])
            if key not in edges:
                key = (None, x["function"])
            if key not in edges:
                continue  # not in the .ci: an alias or an assembler symbol
            compared += 1
            want, wclass = ci[key]
            got = x["worst"]
            gclass = None
            if x["unbounded"]:
                gclass = next(c for c in RANK if x["unbounded"].startswith(c if c != "unknown" else "frame unknown"))
            # the chain as .ci keys: a static callee is in the object defining its caller
            keys, objs, at = [], [], stem
            for name in x["chain"]:
                k = (at, name) if (at, name) in edges else (None, name)
                at = home.get(k, at)
                keys.append(k)
                objs.append(at)
            why = None
            if (got, gclass) != (want, wclass):
                why = "worst" if got is not None and want is not None else "class"
                # a frame from CFI that is not the .su one (a frame-pointer CFA, a missing FDE)
                if any((o, k[1]) in ours and ours[(o, k[1])] != (frames.get(k, (None,))[0], "static")
                       for k, o in zip(keys, objs)):
                    why = "cfi-frame"
                # a callee the .ci does not know (a libcall GCC emits at expansion)
                if gclass == "unknown" and keys[-1] not in edges:
                    why = "libcall"
            elif any(b not in edges.get(a, []) for a, b in zip(keys, keys[1:])):
                why = "chain"  # not a path of the .ci graph
            elif want is not None and sum(frames[k][0] for k in keys) != want:
                why = "chain"  # its frames do not add up to the worst case
            if why is None:
                equal += 1
            else:
                classes[why] = classes.get(why, 0) + 1
                print("# %s %s: ours %s %s %s, .ci %s %s" % (why, x["function"], got, gclass,
                      "->".join(x["chain"]), want, wclass))
    print(compared, equal, " ".join("%s=%d" % kv for kv in sorted(classes.items())))


if __name__ == "__main__":
    main()
