"""One class per failed unit (translator/compile/failures.py), from small hipcc results:
the first error as hipcc printed it, with the report context the classifier gets."""

from __future__ import annotations

from translator.compile.failures import FailureContext, classify, context_from_report
from translator.compile.report import hip_versions, merge_into_report, summarize

HIP_5_2 = FailureContext(hip_version=(5, 2), libraries=frozenset({"hip", "hiprand", "rocprim"}))


def _failed(message: str, *, path: str = "src/k.cu", output: str = "",
            status: str = "failed", line: int = 7) -> dict:
    severity = "fatal error" if message.endswith("file not found") else "error"
    return {"path": path, "output_path": path, "ok": False, "status": status, "message": "",
            "output": output, "diagnostics": [
                {"severity": "warning", "message": "unused variable 'x'", "output_line": 3,
                 "path": path, "line": 3},
                {"severity": severity, "message": message, "output_line": line, "path": path,
                 "line": line},
                {"severity": "error", "message": "use of undeclared identifier 'later'",
                 "output_line": 9, "path": path, "line": 9}]}


def test_an_unsupported_name_is_a_translation_error_with_its_finding():
    report = {"files": [{"path": "src/k.cu", "unsupported": [
        {"name": "cudaArrayGetPlane", "line": 5, "column": 7,
         "reason": "cudaArrayGetPlane is not supported by HIP"}]}],
        "findings": [{"code": "W002", "name": "unsupported-api", "path": "src/k.cu", "line": 5,
                      "message": "cudaArrayGetPlane has no HIP counterpart"}]}
    failure = classify(_failed("use of undeclared identifier 'cudaArrayGetPlane'"),
                       context_from_report(report, {"hip_version": "5.2.21153-0"}))
    assert (failure["class"], failure["name"], failure["finding"]["code"]) == (
        "translation", "cudaArrayGetPlane", "W002")
    assert "not supported by HIP" in failure["reason"]


def test_an_unexplained_error_counts_as_a_translation_error():
    failure = classify(_failed("no matching function for call to 'scale'"), HIP_5_2)
    assert failure["class"] == "translation"


def test_a_cuda_name_left_for_a_newer_hip_counterpart_needs_a_newer_hip():
    report = {"files": [{"path": "src/k.cu", "unsupported": [
        {"name": "cusparseGetErrorString", "line": 5, "column": 7,
         "reason": "cusparseGetErrorString needs HIP 6.0.0; the target is HIP 5.2"}]}]}
    failure = classify(_failed("use of undeclared identifier 'cusparseGetErrorString'"),
                       context_from_report(report, {"hip_version": "5.2.21153-0"}))
    assert (failure["class"], failure["name"], failure["hip_version"], failure["cuda_name"]) == (
        "newer-hip", "hipsparseGetErrorString", "6.0.0", "cusparseGetErrorString")


def test_a_cuda_name_whose_counterpart_the_runner_has_is_a_translation_error():
    failure = classify(_failed("use of undeclared identifier 'cudaMalloc'"), HIP_5_2)
    assert (failure["class"], failure["name"]) == ("translation", "cudaMalloc")


def test_a_cuda_macro_used_as_a_value_is_a_translation_error_with_its_finding():
    report = {"findings": [{"code": "R003", "name": "cuda-macro-test", "path": "src/k.cu",
                            "line": 7, "message": "__CUDA_ARCH__ used as a value has no HIP "
                            "value; left as it is"}]}
    failure = classify(_failed("use of undeclared identifier '__CUDA_ARCH__'"),
                       context_from_report(report, {"hip_version": "5.2.21153-0"}))
    assert (failure["class"], failure["name"], failure["finding"]["code"]) == (
        "translation", "__CUDA_ARCH__", "R003")


def test_a_header_of_a_library_the_runner_lacks_is_a_missing_dependency():
    failure = classify(_failed("'hipblas/hipblas.h' file not found"), HIP_5_2)
    assert (failure["class"], failure["library"]) == ("missing-dependency", "hipblas")
    assert failure["package"] == "hipblas-dev (ROCm)"


def test_a_missing_debian_library_names_the_debian_package():
    failure = classify(_failed("'hipsparse/hipsparse.h' file not found"),
                       FailureContext(hip_version=(5, 2), libraries=frozenset({"hip"})))
    assert failure["package"] == "libhipsparse-dev (Debian) or hipsparse-dev (ROCm)"


def test_a_name_from_a_newer_hip_needs_a_newer_hip():
    failure = classify(_failed("use of undeclared identifier 'hipArrayGetInfo'"), HIP_5_2)
    assert (failure["class"], failure["name"], failure["hip_version"]) == (
        "newer-hip", "hipArrayGetInfo", "5.6.0")
    assert "the runner has HIP 5.2" in failure["reason"]


def test_the_same_name_on_a_new_enough_hip_is_the_translations():
    failure = classify(_failed("use of undeclared identifier 'hipArrayGetInfo'"),
                       FailureContext(hip_version=(6, 1)))
    assert failure["class"] == "translation"


def test_a_hip_header_from_a_newer_hip_needs_a_newer_hip():
    failure = classify(_failed("'hip/hip_math_constants.h' file not found"), HIP_5_2)
    assert (failure["class"], failure["hip_version"]) == ("newer-hip", "5.3.0")


def test_a_generated_header_is_project_configuration():
    for header in ("thermal/config.h", "proto/mesh.pb.h", "lib_export.h"):
        assert classify(_failed(f"'{header}' file not found"), HIP_5_2)["class"] == \
            "project-configuration"


def test_the_projects_own_error_directive_is_project_configuration():
    output = ("/job/src/include/real.h:4:2: error: \"define exactly one precision\"\n"
              "#error \"define exactly one precision\"\n ^\n1 error generated.\n")
    failure = classify(_failed('"define exactly one precision"', output=output, line=4),
                       HIP_5_2)
    assert failure["class"] == "project-configuration"


def test_an_undefined_option_macro_is_project_configuration():
    failure = classify(_failed("use of undeclared identifier 'THERMAL_BLOCK_SIZE'"), HIP_5_2)
    assert (failure["class"], failure["name"]) == ("project-configuration",
                                                   "THERMAL_BLOCK_SIZE")


def test_a_unit_stopped_by_a_limit_is_a_timeout():
    entry = {**_failed("x"), "status": "timeout", "message": "stopped after 300 s",
             "diagnostics": []}
    assert classify(entry, HIP_5_2)["class"] == "timeout"


def test_the_summary_counts_each_class_and_only_translation_errors_against_the_port():
    entries = [_failed("use of undeclared identifier 'hipArrayGetInfo'"),
               _failed("'hipblas/hipblas.h' file not found"),
               _failed("no matching function for call to 'scale'")]
    outcome = {"compile": entries, "summary": summarize(entries), "skipped": "", "notes": [],
               "toolchain": {"hipcc": {"hip_version": "5.2.21153-0", "libraries": ["hip"]}}}
    report = merge_into_report({"options": {"hip_version": None}, "files": [], "findings": []},
                               outcome)
    summary = report["compile_summary"]
    assert summary["classes"] == {"translation": 1, "missing-dependency": 1, "newer-hip": 1,
                                  "project-configuration": 0, "timeout": 0}
    assert summary["translation_errors"] == 1
    assert "translated for the newest HIP rocport knows but compiled with HIP 5.2" in \
        report["compile_notes"][0]


def test_no_mismatch_when_the_target_is_the_runners_hip():
    versions = hip_versions({"hip_version": [5, 2]}, {"hip_version": "5.2.21153-0"})
    assert versions == {"target_hip_version": "5.2", "toolchain_hip_version": "5.2",
                        "version_mismatch": ""}


def test_a_cuda_header_left_in_the_code_is_a_translation_error():
    failure = classify(_failed("'cooperative_groups/reduce.h' file not found"), HIP_5_2)
    assert (failure["class"], failure["name"]) == ("translation", "cooperative_groups/reduce.h")
    # nvcuda::wmma's header: no package gives it, rocWMMA is another API to port to
    failure = classify(_failed("'mma.h' file not found"), HIP_5_2)
    assert (failure["class"], failure["name"]) == ("translation", "mma.h")


def test_a_missing_library_says_which_runners_have_it():
    def first_error(message):
        return {"status": "failed", "diagnostics": [{"severity": "fatal error",
                                                     "message": message}]}

    hipblas = classify(first_error("'hipblas/hipblas.h' file not found"), HIP_5_2)
    assert hipblas["runners"] == ["rocm-6.4", "rocm-5.7"]
    assert hipblas["reason"].endswith("rocm-6.4 and rocm-5.7 have it (rocport check --runner NAME)")
    mpi = classify(first_error("'mpi.h' file not found"), HIP_5_2)
    assert (mpi["class"], mpi["runners"]) == ("missing-dependency", [])
    assert mpi["reason"].endswith("no runner of rocport has it")
    # NVIDIA's benchmark library is CUDA code of its own: no port exists, nothing rocport
    # left untranslated (a .cuh under a folder beginning with "nv" is no toolkit header).
    nvbench = classify(first_error("'nvbench/nvbench.cuh' file not found"), HIP_5_2)
    assert (nvbench["class"], nvbench["library"], nvbench["runners"]) == (
        "missing-dependency", "nvbench", [])
    assert "no package known" in nvbench["reason"]
    torch = classify(first_error("'ATen/cuda/CUDAContext.h' file not found"), HIP_5_2)
    assert (torch["class"], torch["library"]) == ("missing-dependency", "pytorch")


def test_an_in_tree_header_off_the_include_path_is_the_builds_configuration():
    entry = {"status": "failed", "path": "src/a.cu", "diagnostics": [
        {"severity": "fatal error", "message": "'lumen/grid.h' file not found"}]}
    context = FailureContext(hip_version=(6, 4), libraries=frozenset({"hip"}),
                             tree_headers=frozenset({"include/lumen/grid.h"}))
    failure = classify(entry, context)
    assert failure["class"] == "project-configuration"
    assert "in the tree (include/lumen/grid.h)" in failure["reason"]


def test_an_error_directive_in_a_system_header_is_not_the_projects():
    output = ("/usr/include/hip/amd_detail/host_defines.h:50:2: error: unsupported\n"
              "   50 | #error unsupported\n")
    entry = {"status": "failed", "output": output, "diagnostics": [
        {"severity": "error", "message": "unsupported", "path":
         "/usr/include/hip/amd_detail/host_defines.h", "output_line": 50, "mapped": False}]}
    failure = classify(entry, FailureContext(hip_version=(6, 4)))
    assert failure["class"] == "translation"
    assert "host_defines.h" in failure["reason"]
