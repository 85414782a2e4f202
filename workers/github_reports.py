"""A forwarding name for ``workers/tasks.py`` only: what the GitHub tasks do lives in
``webapp.github.reports`` (the GitHub App is ``webapp/github/``, docs/architecture.md).

Hand-over (issue 38, item 6): workers/tasks.py is being changed by another session; once it
imports these functions from ``webapp.github.reports``, delete this module.
"""

from webapp.github.reports import client_for, open_port, report_end, report_start

__all__ = ["client_for", "open_port", "report_end", "report_start"]
