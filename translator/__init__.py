"""rocport's translator: CUDA sources in, HIP sources and findings out.

A pure library: no Django, Celery, network or environment variables. The public API:

- ``translate(source, options, path) -> Result`` for one file;
- ``Options``, ``Result``, ``Diagnostic``, ``Severity``, ``Usage``;
- ``RULES``: the rule catalogue, in the order rules run.
"""

from translator.diagnostics import Diagnostic, Fix, Severity, Usage
from translator.engine import Result, translate
from translator.options import Options
from translator.rules import RULES

__version__ = "0.1.0"

__all__ = [
    "translate", "Result", "Options", "Diagnostic", "Fix", "Severity", "Usage", "RULES",
    "__version__",
]
