"""Rewrites cuSPARSE and cuDNN calls whose rocSPARSE or MIOpen function takes other arguments.

What it does
------------
With ``--roc`` (cuSPARSE to rocSPARSE) or ``--miopen`` (cuDNN to MIOpen), for the calls
listed in ``data/call_signatures.tsv`` the argument list is rearranged as the target
function wants it: arguments the target lacks are dropped (the tensor format of
``cudnnSetTensor4dDescriptor``), moved (``cudnnConvolutionForward`` takes beta and the
output before the workspace in MIOpen) or added with a neutral value (the ``info``
argument of ``rocsparse_scsrmv``, the operation on B of ``rocsparse_scsrmm``, the
``nullptr`` buffer of ``rocsparse_spmv`` that asks for the buffer size). Names inside the
arguments are renamed as everywhere else.

Why
---
rocSPARSE and MIOpen are not drop-in copies of cuSPARSE and cuDNN: their functions of
the same purpose take other arguments, so the HIPIFY table marks many of them
unsupported or maps only the name, which does not compile.

Example (CUDA)
--------------
```
cudnnSetTensor4dDescriptor(desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, w);
cudnnSetPooling2dDescriptor(pool, CUDNN_POOLING_MAX, CUDNN_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
```

Output (HIP)
------------
```
miopenSet4dTensorDescriptor(desc, miopenFloat, n, c, h, w);
miopenSet2dPoolingDescriptor(pool, miopenPoolingMax, 2, 2, 0, 0, 2, 2);
```

Limits
------
Only the listed functions are rewritten, and only calls with the listed number of
arguments. Semantic differences stay: MIOpen's only convolution mode is
cross-correlation, dropped NaN options use MIOpen's behaviour, and rocSPARSE's
``spmv`` computes without reporting the buffer size. cuSPARSE's generic SpMM compute call
is not rewritten (rocSPARSE needs the buffer size variable there).
"""

from __future__ import annotations

from collections.abc import Iterator

from translator.rules._shared.listed_calls import rewrite_listed_calls
from translator.rules.base import Finding, Rule
from translator.unit import Unit

LIBRARIES = frozenset({"roc", "miopen"})


def check(unit: Unit) -> Iterator[Finding]:
    if unit.options.roc or unit.options.miopen:
        yield from rewrite_listed_calls(unit, LIBRARIES, "R301")


RULE = Rule(
    code="R301",
    name="library-call-signature",
    summary="Rearrange cuSPARSE/cuDNN call arguments for rocSPARSE (--roc) and MIOpen (--miopen)",
    check=check,
    category="unsupported-api",
    doc=__doc__,
)
