# Resolve CONFIG fragments through the top-level Kconfig (kconfiglib): .config, autoconf.h, checks.
#
#   resolve.py [--arch ARCH] [--set CONFIG_X=v]... FRAGMENT OUTDIR   write OUTDIR/config, OUTDIR/autoconf.h
#   resolve.py [--arch ARCH] [--set CONFIG_X=v]... FRAGMENT -        print the resolved .config
#   --flip CONFIG_X=v instead of --set: a sweep's flip (only the flips must survive, no #CHECK#)
#
# The kernel's way (merge_config.sh + olddefconfig): matrix/CFcommon, then FRAGMENT, then the
# --set values are assigned in order over Kconfig's defaults (a later line wins) and Kconfig
# resolves the rest. Every requested value must survive resolution (merge_config.sh's "value
# requested ... not in final .config", made an error), and every #CHECK#CONFIG_X=v line of a
# fragment must hold (an unset option counts as n). A failure is one line naming the file
# and line. ARCH defaults to $ARCH, else the host's. gen.py imports this file for the matrix.
import os
import re
import sys
import tempfile

kconfiglib = None      # imported by Resolver: `gen.py env` must run without it (fresh machine)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(1, ROOT)    # the bloatwatch package, in place: its manifest writer and atomic.py
from bloatwatch.atomic import write_if_changed  # noqa: E402
KCONFIG = os.path.join(ROOT, "Kconfig")
COMMON = os.path.join(HERE, "CFcommon")
HOST_ARCH = {"x86_64": "x86_64", "i686": "i386", "i386": "i386", "aarch64": "arm64",
             "armv7l": "arm", "riscv64": "riscv64", "ppc": "powerpc", "mips": "mips"}

ASSIGN = re.compile(r"^(CONFIG_[A-Za-z0-9_]+)=(.*)$")
UNSET = re.compile(r"^# (CONFIG_[A-Za-z0-9_]+) is not set$")


class ResolveError(Exception):
    """One line: where (file:line) and what."""


def rel(path):
    """A path as the user gave it when under the repository, for messages and headers."""
    p = os.path.relpath(path, ROOT)
    return path if p.startswith("..") else p


def parse_fragment(path):
    """([(name, value, where)], [(name, value, where)]): the assignments and #CHECK# lines."""
    sets, checks = [], []
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise ResolveError("%s: %s" % (rel(path), e.strerror)) from None
    for n, line in enumerate(lines, 1):
        where = "%s:%d" % (rel(path), n)
        if line.startswith("#CHECK#"):
            m = ASSIGN.match(line[len("#CHECK#"):])
            if not m:
                raise ResolveError("%s: not a #CHECK#CONFIG_X=value line: %s" % (where, line))
            checks.append((m.group(1), m.group(2), where))
            continue
        m = UNSET.match(line)
        if m:
            sets.append((m.group(1), "n", where))
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = ASSIGN.match(line)
        if not m or not m.group(2) or m.group(2) != m.group(2).strip():
            raise ResolveError("%s: not a CONFIG_X=value line: %s" % (where, line))
        sets.append((m.group(1), m.group(2), where))
    return sets, checks


def config_values(text):
    """{CONFIG_X: value} of a .config text: 'n' for '# CONFIG_X is not set', strings unquoted.

    A symbol whose dependencies are not met is absent, as in the kernel's .config."""
    values = {}
    for line in text.splitlines():
        m = ASSIGN.match(line)
        if m:
            v = m.group(2)
            if len(v) >= 2 and v[0] == v[-1] == '"':
                v = v[1:-1].replace('\\"', '"').replace("\\\\", "\\")
            values[m.group(1)] = v
            continue
        m = UNSET.match(line)
        if m:
            values[m.group(1)] = "n"
    return values


def host_arch():
    arch = HOST_ARCH.get(os.uname().machine)
    if not arch:
        raise ResolveError("resolve: host machine %s is not an ARCH of matrix/ARCHES: give --arch"
                           % os.uname().machine)
    return arch


class Resolved:
    """One resolved configuration: the .config and autoconf.h texts and the values."""

    def __init__(self, config, autoconf):
        self.config = config
        self.autoconf = autoconf
        self.values = config_values(config)


def why(sym, want):
    """Why Kconfig did not give sym the requested value: its dependencies, prompt or range."""
    def dep(expr):
        return kconfiglib.expr_str(expr).replace(" && <choice>", "").replace("<choice> && ", "")
    if kconfiglib.expr_value(sym.direct_dep) == 0:
        return "%s depends on %s" % (sym.name, dep(sym.direct_dep))
    if sym.choice is not None and sym.choice.selection is not None and want == "y":
        return "the choice selected %s" % sym.choice.selection.name
    if sym.visibility == 0:
        conds = [dep(node.prompt[1]) for node in sym.nodes if node.prompt]
        if conds:
            return "%s can be set only if %s" % (sym.name, " || ".join(conds))
        return "%s has no prompt" % sym.name
    for low, high, cond in sym.ranges:
        if kconfiglib.expr_value(cond):
            return "out of range %s..%s" % (low.str_value, high.str_value)
    return "Kconfig chose otherwise"


class Resolver:
    """Kconfig parsed for one architecture; resolve() is cheap after that."""

    def __init__(self, arch, kconfig=KCONFIG):
        global kconfiglib
        try:
            import kconfiglib
        except ImportError:
            raise ResolveError("resolve: Python module kconfiglib missing: apt-get install "
                               "python3-kconfiglib (make deps installs .ci/packages)") from None
        self.arch = arch
        os.environ["ARCH"] = arch   # $(ARCH) in Kconfig is expanded while parsing
        self.kconf = kconfiglib.Kconfig(kconfig, warn_to_stderr=False)
        self.tmp = None

    def _sym(self, name, where):
        sym = self.kconf.syms.get(name[len("CONFIG_"):])
        if sym is None or not sym.nodes:
            raise ResolveError("%s: %s is not an option of Kconfig" % (where, name))
        return sym

    def resolve(self, fragments, sets=(), label=None, strict=True):
        """Resolve fragments (CFcommon is not implied) then sets [(CONFIG_X, value, where)].

        strict=False (a sweep's flip over a scenario): only the sets must survive, and the
        fragments' #CHECK# lines, which describe the unflipped scenario, are not checked."""
        requests, checks = [], []
        for path in fragments:
            s, c = parse_fragment(path)
            requests += s
            checks += c
        requests += list(sets)
        kconf = self.kconf
        kconf.unset_values()
        last = {}
        first_set = len(requests) - len(sets)
        for i, (name, value, where) in enumerate(requests):
            sym = self._sym(name, where)
            if sym.orig_type in (kconfiglib.BOOL, kconfiglib.TRISTATE) and value not in ("y", "n"):
                raise ResolveError("%s: %s=%s: a bool is y or n" % (where, name, value))
            if not sym.set_value(value):
                raise ResolveError("%s: %s=%s: not a valid %s value"
                                   % (where, name, value, kconfiglib.TYPE_TO_STR[sym.orig_type]))
            if strict or i >= first_set:
                last[name] = (i, sym, value, where)
            else:
                last.pop(name, None)
        for name, (_, sym, value, where) in sorted(last.items(), key=lambda kv: kv[1][0]):
            got = sym.str_value or "n"
            if got != value:
                raise ResolveError("%s: %s=%s requested, Kconfig resolved %s (%s)"
                                   % (where, name, value, got, why(sym, value)))
        what = " ".join(rel(p) for p in fragments)
        if label:
            what += " as " + label
        result = Resolved(self._text("config", "# Resolved from %s by matrix/resolve.py for ARCH=%s: "
                                     "do not edit.\n" % (what, self.arch)),
                          self._text("autoconf", "/* Resolved from %s by matrix/resolve.py for ARCH=%s: "
                                     "do not edit. */\n" % (what, self.arch)))
        for name, value, where in (checks if strict else ()):
            got = result.values.get(name, "n")
            if got != value:
                raise ResolveError("%s: #CHECK# %s=%s failed: Kconfig resolved %s"
                                   % (where, name, value, got))
        return result

    def _text(self, kind, header):
        """The .config or autoconf.h text: kconfiglib only writes files, so it writes a private
        scratch file that is read back."""
        if self.tmp is None:
            fd, self.tmp = tempfile.mkstemp(prefix="bw-kconfig-")
            os.close(fd)
        os.unlink(self.tmp)     # kconfiglib skips writing a file that already holds the text
        if kind == "config":
            self.kconf.write_config(self.tmp, header=header, save_old=False)
        else:
            self.kconf.write_autoconf(self.tmp, header=header)
        with open(self.tmp, encoding="utf-8") as f:
            return f.read()

    def close(self):
        if self.tmp and os.path.exists(self.tmp):
            os.unlink(self.tmp)
        self.tmp = None


def write_outputs(result, outdir):
    """OUTDIR/config and OUTDIR/autoconf.h, each rewritten only when its text changes."""
    write_if_changed(os.path.join(outdir, "config"), result.config)
    write_if_changed(os.path.join(outdir, "autoconf.h"), result.autoconf)


def parse_set(opt, text):
    m = ASSIGN.match(text)
    if not m:
        raise ResolveError("resolve: %s %s: not CONFIG_X=value" % (opt, text))
    return m.group(1), m.group(2), opt


def main(argv):
    args, sets, arch, strict = list(argv), [], os.environ.get("ARCH") or None, True
    try:
        while args and args[0].startswith("--"):
            opt = args.pop(0)
            if opt in ("--arch", "--set", "--flip") and args:
                val = args.pop(0)
                if opt == "--arch":
                    arch = val
                else:
                    sets.append(parse_set(opt, val))
                    strict = strict and opt == "--set"
            else:
                raise ResolveError("resolve: unknown option %s" % opt)
        if len(args) != 2:
            raise ResolveError("usage: resolve.py [--arch ARCH] [--set CONFIG_X=v]... FRAGMENT OUTDIR|-")
        fragment, out = args
        if not os.path.isfile(fragment):
            raise ResolveError("resolve: %s: no such scenario" % fragment)
        resolver = Resolver(arch or host_arch())
        try:
            result = resolver.resolve([COMMON, fragment], sets, strict=strict)
        finally:
            resolver.close()
    except ResolveError as e:
        print(e, file=sys.stderr)
        return 1
    if out == "-":
        sys.stdout.write(result.config)
    else:
        write_outputs(result, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
