"""Odd input never crashes: the file is translated as far as is safe and findings say why."""

from __future__ import annotations

import pytest

from translator import Options, translate

HIP_SYNTAX = Options(hip_kernel_execution_syntax=True, use_clang=False)
ALL_OPTIONS = Options(hip_kernel_execution_syntax=True, roc=True, miopen=True, amap=True,
                      experimental=True, hip_version=(5, 2), use_clang=False,
                      skip_excluded_preprocessor_blocks=True)


@pytest.mark.parametrize("source", [
    "cudaMalloc((&p, 4);\n",
    "k<<<1, 2(x);\ncudaFree(p);\n",
    "k<<<1, 2>>>(x;\n",
    ">>> <<< )) (( }} {{ cudaMemcpyToSymbol(\n",
    "#if (\n#elif\n#else\n#endif\n#endif\n#if\ncudaMalloc(p);\n",
    "cudaEventCreate(&e,\n",
    "__shfl_down_sync(",
    "#define X(a) a<<<\n",
    "'unterminated char\n\"unterminated string\n/* unterminated comment cudaMalloc",
    "R\"delim(never closed cudaMalloc\n",
    "",
    "\\\n\\\n",
])
@pytest.mark.parametrize("options", [Options(use_clang=False), HIP_SYNTAX, ALL_OPTIONS],
                         ids=["default", "hip-syntax", "all-options"])
def test_unbalanced_code_is_translated_without_crashing(source, options):
    result = translate(source, options, "odd.cu")
    assert not [d for d in result.diagnostics if d.code == "E003"]
    assert len(result.line_map) == result.source.count("\n") + 1


def test_unbalanced_code_still_gets_its_renames():
    result = translate("cudaMalloc((&p, 4);\ncudaFree(p);\n", Options(use_clang=False), "x.cpp")
    assert result.source == "hipMalloc((&p, 4);\nhipFree(p);\n"


def test_non_utf8_bytes_are_kept_and_reported():
    data = b"// caf\xe9 \xff\n#include <cuda_runtime.h>\ncudaFree(p);\n"
    result = translate(data, Options(use_clang=False), "latin1.cu")
    assert result.utf8 is False
    assert result.encode() == b"// caf\xe9 \xff\n#include <hip/hip_runtime.h>\nhipFree(p);\n"
    assert [d.code for d in result.diagnostics if d.code == "E004"] == ["E004"]


def test_nul_bytes_are_kept():
    data = b"cudaMalloc(&p, 4);\x00\x00 cudaFree(p);\x00\n"
    result = translate(data, Options(use_clang=False), "nul.cpp")
    assert result.encode() == b"hipMalloc(&p, 4);\x00\x00 hipFree(p);\x00\n"


def test_ten_megabyte_single_line():
    line = "cudaMalloc(&p, n); k<<<g, b>>>(p); /* c */ x = \"cudaFree\"; "
    source = line * (10_000_000 // len(line) + 1)
    result = translate(source, HIP_SYNTAX, "huge.cu")
    assert "\n" not in result.source.rstrip("\n").replace("#include <hip/hip_runtime.h>\n", "")
    assert result.source.count("hipMalloc(&p, n);") == source.count("cudaMalloc(")
    assert result.source.count("hipLaunchKernelGGL(k, dim3(g), dim3(b), 0, 0, p)") == \
        source.count("<<<")
    assert result.source.count('"cudaFree"') == source.count('"cudaFree"')


def test_deeply_nested_preprocessor_condition():
    source = "#if " + "(" * 5000 + "1" + ")" * 5000 + "\ncudaFree(p);\n#endif\n"
    options = Options(use_clang=False, skip_excluded_preprocessor_blocks=True)
    assert "hipFree" in translate(source, options, "deep.cu").source


def test_many_conflicting_looking_edits_stay_linear_and_correct():
    source = "cudaEventCreate(&e, cudaEventDefault);\n" * 20_000
    result = translate(source, Options(use_clang=False), "many.cpp")
    assert result.source == "hipEventCreateWithFlags(&e, hipEventDefault);\n" * 20_000
    assert not [d for d in result.diagnostics if d.code == "E002"]


def test_bytes_or_text_only():
    with pytest.raises(TypeError):
        translate(123)  # type: ignore[arg-type]
