# tests/analyzer/stack/checkstack_cmp.py: the stack extractor's frames against the kernel's scripts/checkstack.pl.
"""Usage: checkstack_cmp.py ARCH STACK.json CHECKSTACK.out OBJDUMP.out

CHECKSTACK.out is `objdump -d OBJ... | perl scripts/checkstack.pl ARCH 0` (OBJDUMP.out the
disassembly it read): the minimum 0 makes it list every function whose total is above 0, not
only those above its default 100 bytes, so a function of the disassembly it does not list
totals 0. For every function of the disassembly, the analyzer's frame (largest CFA offset of
its FDE) must equal checkstack.pl's figure, or differ by what the script is known not to
read, each part measured from the function's own disassembly, never from the CFI:

  x86_64 and i386 (checkstack.pl sums the immediates of `sub`/`add $0x..,%rsp` or %esp):
    ret       the return address the call pushed (8 bytes; i386: 4), which the CFA counts
              and no instruction of the function shows;
    push      8 bytes (i386: 4) per `push %reg`, which the script does not read;
    add       every `add $0x..,%rsp` that releases the frame (an epilogue, one per exit),
              which the script's pattern ([as][du][db]) adds as growth again;
    fp        the analyzer's `fp` frame (the CFA moved to the frame pointer, as before an
              `and $-16,%rsp` that realigns the stack) is the stack-pointer part before that, a lower bound: at most
              the figure the other classes give;
  arm64 (checkstack.pl reads `stp ..., [sp, #-N]!` and `sub sp, sp, #0x..`): none, the
  frame and the figure are equal;
  any arch: unknown, a function without CFI (the analyzer says `?`, never a number).

Prints "# ..." lines for the functions no class explains, then one line:
compared equal class=count..., classes joined by "+" in the order above.
"""
import json
import re
import sys

FUNC = re.compile(r"^[0-9a-f]+ <(.*)>:$")
INSN = re.compile(r"^\s*[0-9a-f]+:\t[0-9a-f ]+\t(.*)$")
FILE = re.compile(r"^(.*):\s+file format ")
SECTION = re.compile(r"^Disassembly of section (.*):$")
CHECKSTACK = re.compile(r"^0x[0-9a-f]+ (.*) \[(.*)\]:\s*(\d+)$")
X86_PUSH = re.compile(r"^push\s+%[er]")
X86_ADD = re.compile(r"^add\s+\$0x([0-9a-f]{1,8}),%[er]sp$")
WORD = {"x86_64": 8, "i386": 4}


def disassembly(path):
    """{(object basename, function): [instruction text]}, in objdump's order. A label that
    names its section (objdump's for code before any symbol, as in .altinstr_replacement)
    is no function."""
    funcs, base, cur, section = {}, None, None, None
    for line in open(path):
        line = line.rstrip("\n")
        m = FILE.match(line)
        if m:
            base = m.group(1).rsplit("/", 1)[-1]
            continue
        m = SECTION.match(line)
        if m:
            section = m.group(1)
            continue
        m = FUNC.match(line)
        if m:
            cur = [] if m.group(1) == section else funcs.setdefault((base, m.group(1)), [])
            continue
        m = INSN.match(line)
        if m and cur is not None:
            cur.append(m.group(1).split("#")[0].strip())
    return funcs


def explain(arch, frame, kind, figure, insns):
    """The classes that account for frame - figure, or None when they do not."""
    if kind == "unknown" or frame is None:
        return ["unknown"]
    parts, want = [], figure
    if arch in WORD:
        pushes = sum(1 for i in insns if X86_PUSH.match(i))
        adds = sum(int(m.group(1), 16) for m in map(X86_ADD.match, insns) if m)
        want += WORD[arch] * (1 + pushes) - adds
        parts = ["ret"] + ["push"] * (pushes > 0) + ["add"] * (adds > 0)
    if kind == "fp":
        return parts + ["fp"] if frame <= want else None
    return parts if frame == want else None


def main():
    arch, stack_json, cs_out, dis_out = sys.argv[1:5]
    ours = {}
    for f in json.load(open(stack_json))["files"]:
        base = f["file"].rsplit("/", 1)[-1]
        for x in f["stack"]:
            ours[(base, x["function"])] = x
    funcs = disassembly(dis_out)
    figures = {}
    for line in open(cs_out):
        m = CHECKSTACK.match(line.rstrip("\n"))
        if not m:
            print("# checkstack.pl printed an unexpected line: " + line.rstrip("\n"))
            return 1
        figures[(m.group(2), m.group(1))] = int(m.group(3))
    bad = sorted(set(figures) - set(funcs))
    for k in bad:
        print("# checkstack.pl lists %s:%s, which the disassembly does not" % k)
    compared = equal = 0
    classes = {}
    for k, insns in sorted(funcs.items()):
        x = ours.get(k)
        figure = figures.get(k, 0)
        if x is None:
            print("# %s:%s: the analyzer has no frame for it (checkstack.pl: %d)" % (k + (figure,)))
            bad.append(k)
            continue
        compared += 1
        why = explain(arch, x["frame"], x["kind"], figure, insns)
        if why is None:
            print("# %s:%s: frame %s (%s), checkstack.pl %d: no class explains it"
                  % (k + (x["frame"], x["kind"], figure)))
            bad.append(k)
        elif why:
            c = "+".join(why)
            classes[c] = classes.get(c, 0) + 1
        else:
            equal += 1
    print(compared, equal, *("%s=%d" % c for c in sorted(classes.items())))
    return 1 if bad or not compared else 0


if __name__ == "__main__":
    sys.exit(main())
