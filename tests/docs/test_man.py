# SPDX-License-Identifier: GPL-2.0
"""The man pages against the real commands: every option of every --help is in the page's
section for that command (so they cannot drift), and man renders both without a warning."""
import os
import re
import subprocess

import pytest

from tests.bwrun import ANALYZER, BLOATWATCH, ROOT

MAN = os.path.join(ROOT, "docs", "man")
OPTION = re.compile(r"(?:^|, )(--?[A-Za-z][\w=-]*)")


def help_text(*argv):
    env = dict(os.environ, COLUMNS="100", LC_ALL="C")
    r = subprocess.run(list(argv) + ["--help"], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, "%s --help: exit %d: %s" % (" ".join(argv), r.returncode, r.stderr)
    return r.stdout


def options(text):
    """The option spellings of a --help (argparse's or the analyzer's): the first column of
    the lines under "options:"."""
    found = []
    section = False
    for line in text.splitlines():
        if re.match(r"^\S.*:$", line):
            section = line == "options:"
            continue
        m = re.match(r"^  (-\S.*?)(?:\s{2,}|$)", line)
        if section and m:
            found += OPTION.findall(m.group(1))
    return found


def listed(text, heading):
    """The names listed under HEADING in a --help (argparse's commands, the analyzer's modes)."""
    names = []
    section = False
    for line in text.splitlines():
        if re.match(r"^\S.*:$", line):
            section = line == heading
            continue
        m = re.match(r"^ {2,4}([a-z][\w-]*)(?:\s|$)", line)
        if section and m:
            names.append(m.group(1))
    return names


def page(name):
    """The man page's sections as plain text: {"SH NAME" or "SS name": text}."""
    with open(os.path.join(MAN, name), encoding="utf-8") as f:
        src = f.read()
    parts, key = {}, None
    for line in src.splitlines():
        if line.startswith('.\\"'):
            continue
        m = re.match(r"^\.(SH|SS) (\S+(?: [A-Z]+)*)", line)
        if m:
            key = "%s %s" % (m.group(1), re.sub(r"\\f[BIRP]", "", m.group(2)))
            parts[key] = ""
            continue
        if key:
            parts[key] += line + "\n"
    for k, text in parts.items():
        parts[k] = re.sub(r"\\f[BIRP]|\\&|\\c", "", text).replace("\\-", "-")
    return parts


def mentions(text, option):
    return re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(option), text) is not None


def test_bloatwatch_page_has_every_option():
    top = help_text("/usr/bin/python3", BLOATWATCH)
    sections = page("bloatwatch.1")
    glob = set(options(top))
    missing = [o for o in sorted(glob) if not mentions(sections["SH GLOBAL OPTIONS"], o)]
    commands = listed(top, "positional arguments:")
    assert len(commands) >= 10, "could not read the command list of bloatwatch --help"
    for cmd in commands:
        key = "SS " + cmd
        assert key in sections, "bloatwatch.1 has no section for the command %s" % cmd
        for o in options(help_text("/usr/bin/python3", BLOATWATCH, cmd)):
            if o not in glob and not mentions(sections[key], o):
                missing.append("%s %s" % (cmd, o))
    assert not missing, "options of bloatwatch --help missing from docs/man/bloatwatch.1: %s" % (
        ", ".join(missing))


def test_analyzer_page_has_every_option():
    if not os.access(ANALYZER, os.X_OK):
        pytest.fail("%s is not built (make analyzer)" % ANALYZER)
    top = help_text(ANALYZER)
    sections = page("bloatwatch-analyze.1")
    modes = listed(top, "modes:")
    assert len(modes) >= 8, "could not read the mode list of bloatwatch-analyze --help"
    common = ("--json", "--mark", "-h", "--help")
    missing = [o for o in common if not mentions(sections["SH OPTIONS"], o)]
    for mode in modes:
        key = "SS " + mode
        assert key in sections, "bloatwatch-analyze.1 has no section for the mode %s" % mode
        for o in options(help_text(ANALYZER, mode)):
            if o not in common and not mentions(sections[key], o):
                missing.append("%s %s" % (mode, o))
    assert not missing, ("options of bloatwatch-analyze --help missing from "
                         "docs/man/bloatwatch-analyze.1: %s" % ", ".join(missing))


def test_option_parser_reads_both_help_styles():
    """The parser the checks above rely on, on both formats (it must not find nothing)."""
    argparse_style = ("options:\n  -h, --help   show\n  -j JOBS, --jobs JOBS  n\n"
                      "  --threshold THRESHOLD\n")
    analyzer_style = "options:\n  --json                 JSON\n  -A, --format=sysv      SysV\n"
    assert options(argparse_style) == ["-h", "--help", "-j", "--jobs", "--threshold"]
    assert options(analyzer_style) == ["--json", "-A", "--format=sysv"]


@pytest.mark.parametrize("name", ["bloatwatch.1", "bloatwatch-analyze.1"])
def test_man_renders(name):
    """`man -l` formats the page with no warning from groff, and it reads as its command's."""
    env = dict(os.environ, MANWIDTH="80", MAN_KEEP_FORMATTING="0", LC_ALL="C.UTF-8")
    r = subprocess.run(["man", "--warnings", "-l", os.path.join(MAN, name)], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stderr == "", "man -l %s warns:\n%s" % (name, r.stderr)
    out = re.sub(r".\x08", "", r.stdout)   # the pager's overstrike bold and underline
    cmd = name[:-2]
    assert re.search(r"^NAME\n\s+%s\s+-\s" % re.escape(cmd), out, re.M), out[:400]
    for heading in ("SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "SEE ALSO"):
        assert re.search(r"^%s$" % heading, out, re.M), "%s: no %s" % (name, heading)
