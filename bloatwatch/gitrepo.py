# SPDX-License-Identifier: GPL-2.0
"""The few git questions bloatwatch asks: where is the repository, what is this commit."""
import os
import re
import subprocess

from .errors import BwError


def git(repo, *args, check=True):
    """Run git in repo; its stdout, or BwError with git's first line of complaint."""
    try:
        r = subprocess.run(["git", "-C", repo] + list(args), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise BwError("git is not installed")
    if check and r.returncode != 0:
        msg = (r.stderr.strip().splitlines() or ["git %s failed" % args[0]])[-1]
        raise BwError("%s: %s" % (repo, re.sub(r"^(fatal|error): ", "", msg)))
    return r.stdout if check else r


def toplevel(path):
    """The root of the git work tree containing path, or BwError."""
    if not os.path.isdir(path):
        raise BwError("%s: no such directory" % path)
    r = git(path, "rev-parse", "--show-toplevel", check=False)
    if r.returncode != 0:
        raise BwError("%s: not a git repository" % os.path.abspath(path))
    return r.stdout.strip()


def resolve(repo, rev):
    """Full sha of a revision, or None when git does not know it."""
    r = git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", rev + "^{commit}",
            check=False)
    return r.stdout.strip() if r.returncode == 0 else None


def finder(repo):
    """resolve() in repo as a function of the revision (what query.resolve asks git through,
    the db package running no git of its own); None without a repository."""
    return (lambda rev: resolve(repo, rev)) if repo else None


INFO_FORMAT = "--format=%H%x00%P%x00%an <%ae>%x00%at%x00%ct%x00%s%x1e"
_infos = {}     # (repo, full sha) -> commit_info(): a commit's metadata never changes


def commit_info(repo, rev):
    """Metadata of one commit, as the commits table stores it."""
    if (repo, rev) in _infos:
        return dict(_infos[repo, rev])
    r = git(repo, "show", "-s", INFO_FORMAT, "--end-of-options", rev + "^{commit}", "--",
            check=False)
    if r.returncode != 0:
        raise BwError("%s: unknown revision %s" % (repo, rev))
    return _parse_infos(repo, r.stdout)[0]


def has_info(repo, sha):
    """Is a commit's metadata at hand (commit_info() asks git nothing)?"""
    return (repo, sha) in _infos


def prefetch_infos(repo, shas):
    """Ask git once for the metadata of these commits (full shas), so that commit_info() of
    each asks nothing; a sha git lacks makes it give up (commit_info() will say so)."""
    shas = [s for s in dict.fromkeys(shas) if (repo, s) not in _infos]
    if shas:
        r = git(repo, "show", "-s", "--no-walk=unsorted", INFO_FORMAT, "--end-of-options",
                *shas, "--", check=False)
        if r.returncode == 0:
            _parse_infos(repo, r.stdout)


def _parse_infos(repo, out):
    infos = []
    for record in out.split("\x1e")[:-1]:
        h, parents, author, adate, cdate, subject = record.strip("\n").split("\0", 5)
        info = {"sha": h, "parents": parents, "author": author, "author_date": int(adate),
                "commit_date": int(cdate), "subject": subject, "dirty": False}
        if len(_infos) < 100000:
            _infos[repo, h] = info
        infos.append(dict(info))
    return infos


def is_dirty(repo):
    """Uncommitted changes to tracked files (untracked files do not count, as git describe)."""
    return bool(git(repo, "status", "--porcelain", "--untracked-files=no").strip())


def rev_list(repo, rng, first_parent=False):
    """Commits of a range, oldest first; BwError when the range names no commit."""
    args = ["rev-list", "--reverse", "--topo-order"]
    if first_parent:
        args.append("--first-parent")
    r = git(repo, *args, *rng.split(), "--", check=False)
    if r.returncode != 0:
        msg = (r.stderr.strip().splitlines() or ["bad range"])[0]
        raise BwError("%s: bad range %s: %s" % (repo, rng, re.sub(r"^(fatal|error): ", "", msg)))
    shas = r.stdout.split()
    if not shas:
        raise BwError("%s: range %s names no commit" % (repo, rng))
    return shas


def common_dir(repo):
    """The repository's shared .git folder (the same from any of its worktrees), absolute."""
    return os.path.abspath(os.path.join(repo, git(repo, "rev-parse", "--git-common-dir").strip()))


def first_parent(repo, sha):
    """The first parent of a commit, or None for a root commit."""
    parents = git(repo, "rev-list", "--parents", "-n", "1", sha).split()[1:]
    return parents[0] if parents else None


def touches(repo, old, new, paths):
    """Does going from commit old to new change any file under the pathspecs `paths`?"""
    out = git(repo, "diff-tree", "-r", "--name-only", "--no-renames", old, new, "--", *paths)
    return bool(out.strip())


def drops_files(repo, old, new):
    """Does going from commit old to new delete or rename any file (so build outputs of the
    old files may be left behind in a tree built incrementally)?"""
    out = git(repo, "diff-tree", "-r", "--name-only", "--diff-filter=DR", "-M", old, new)
    return bool(out.strip())
