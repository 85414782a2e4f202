"""A forwarding name for ``workers/tasks.py`` only: the GitHub client lives in
``webapp.github.client`` (the GitHub App is ``webapp/github/``, docs/architecture.md).

Hand-over (issue 38, item 6): workers/tasks.py is being changed by another session; once it
imports these names from ``webapp.github.client``, delete this module.
"""

from webapp.github.client import GitHubError, TransientGitHubError

__all__ = ["GitHubError", "TransientGitHubError"]
