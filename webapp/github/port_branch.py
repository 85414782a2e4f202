"""The HIP port as a branch and a pull request, through GitHub's Git Data API (no clone).

``push_port(client, repository, head_sha, branch, tree, deleted, message)``:

1. ``GET git/commits/{head_sha}``: the head commit's tree;
2. ``GET git/trees/{tree}?recursive=1``: what the head holds (path, mode, blob SHA);
3. ``POST git/blobs``: one per file of the HIP tree whose content or mode differs (the blob
   SHA is computed here, as git does, so unchanged files are not sent);
4. ``POST git/trees`` on ``base_tree`` = the head's tree: the changed files, and ``sha:
   null`` for each path in DELETED (files the port renamed, ``--naming hip``);
5. ``POST git/commits`` with the head commit as its one parent;
6. ``PATCH git/refs/heads/{branch}`` with ``force`` when the branch exists (a new push to
   the pull request replaces the port), else ``POST git/refs``.

``open_port_pull(client, repository, branch, base, title, body)`` opens the pull request
of BRANCH against BASE, or updates the description of the one already open.
"""

from __future__ import annotations

import base64
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from webapp.github.client import GitHubClient, GitHubError

#: Git modes of the files a port commits.
_FILE, _EXECUTABLE = "100644", "100755"


@dataclass(frozen=True)
class PushedPort:
    commit_sha: str
    #: Paths whose blob was sent (changed or new) and paths removed.
    changed: tuple[str, ...]
    deleted: tuple[str, ...]
    created_branch: bool


def blob_sha(data: bytes) -> str:
    """The SHA-1 git gives DATA as a blob."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def tree_files(root: Path) -> dict[str, tuple[str, Path]]:
    """Regular files under ROOT: repository path -> (git mode, file). Links and other
    special files are left out (the port changes file contents only)."""
    files = {}
    for folder, folders, names in os.walk(root, followlinks=False):
        folders.sort()
        for name in names:
            path = Path(folder, name)
            info = path.lstat()
            if stat.S_ISREG(info.st_mode):
                mode = _EXECUTABLE if info.st_mode & 0o111 else _FILE
                files[path.relative_to(root).as_posix()] = (mode, path)
    return files


def push_port(client: GitHubClient, repository: str, head_sha: str, branch: str,
              tree: Path, deleted: list[str], message: str) -> PushedPort:
    """Commit the HIP TREE on top of HEAD_SHA and point BRANCH at it (see the module doc)."""
    repo = f"/repos/{repository}/git"
    base_tree = client.get(f"{repo}/commits/{head_sha}")["tree"]["sha"]
    listing = client.get(f"{repo}/trees/{base_tree}?recursive=1")
    head = {entry["path"]: (entry.get("mode"), entry.get("sha"))
            for entry in listing.get("tree", []) if entry.get("type") == "blob"}
    entries, changed = [], []
    for path, (mode, file) in sorted(tree_files(tree).items()):
        data = file.read_bytes()
        if head.get(path) == (mode, blob_sha(data)):
            continue
        sent = client.post(f"{repo}/blobs", {"content": base64.b64encode(data).decode(),
                                             "encoding": "base64"})
        entries.append({"path": path, "mode": mode, "type": "blob", "sha": sent["sha"]})
        changed.append(path)
    # Only paths the head holds can be removed; a renamed file's new path was added above.
    removed = sorted(path for path in set(deleted) if path in head
                     and not (tree / path).is_file())
    entries += [{"path": path, "mode": head[path][0], "type": "blob", "sha": None}
                for path in removed]
    new_tree = client.post(f"{repo}/trees", {"base_tree": base_tree, "tree": entries})["sha"]
    commit = client.post(f"{repo}/commits", {"message": message, "tree": new_tree,
                                             "parents": [head_sha]})["sha"]
    created = _point_branch(client, repo, branch, commit)
    return PushedPort(commit, tuple(changed), tuple(removed), created)


def _point_branch(client: GitHubClient, repo: str, branch: str, sha: str) -> bool:
    """Force BRANCH to SHA; True when the branch was created."""
    try:
        client.get(f"{repo}/ref/heads/{quote(branch)}")
    except GitHubError as error:
        if error.code != "github-not-found":
            raise
        client.post(f"{repo}/refs", {"ref": f"refs/heads/{branch}", "sha": sha})
        return True
    client.patch(f"{repo}/refs/heads/{quote(branch)}", {"sha": sha, "force": True})
    return False


def open_port_pull(client: GitHubClient, repository: str, branch: str, base: str,
                   title: str, body: str) -> dict:
    """The open pull request of BRANCH into BASE, created or with its description updated."""
    owner = repository.split("/")[0]
    found = client.get(f"/repos/{repository}/pulls?state=open&head={quote(owner)}:"
                       f"{quote(branch)}&base={quote(base)}")
    if found:
        return client.patch(f"/repos/{repository}/pulls/{found[0]['number']}", {"body": body})
    return client.post(f"/repos/{repository}/pulls", {"title": title, "head": branch,
                                                      "base": base, "body": body})
