"""PyTorch extensions are analysed with types although a tree never carries PyTorch:
rocport stands in its declarations for the torch/, ATen/ and c10/ headers (and
pybind11's) that are nowhere, and only for those."""

import pytest

from tests.tools import require_libclang
from translator.analysis import clang
from translator.analysis.clang.stubs import stand_in
from translator.engine import translate
from translator.options import Options
from translator.output.report import build_report
from translator.tree.migrate import migrate_tree

#: An extension of our own: a shared-memory tile of at::Half (its size known only from
#: PyTorch's types), a kernel launched through a dispatch macro with packed accessors,
#: another through data_ptr<scalar_t>() on PyTorch's stream, a warp reduction.
EXTENSION = """#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

struct Tile {
  at::Half values[128][384];
};

template <typename scalar_t>
__global__ void scale_rows(
    const at::PackedTensorAccessor32<scalar_t, 2, at::RestrictPtrTraits> in,
    at::PackedTensorAccessor32<scalar_t, 2, at::RestrictPtrTraits> out, float factor) {
  for (int col = threadIdx.x; col < in.size(1); col += blockDim.x)
    out[blockIdx.x][col] = in[blockIdx.x][col] * factor;
}

template <typename scalar_t>
__global__ void row_sums(const scalar_t *x, float *sums, int n) {
  extern __shared__ Tile tile[];
  float v = static_cast<float>(x[blockIdx.x * n + threadIdx.x]) + tile[0].values[0][0];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x == 0) sums[blockIdx.x] = v;
}

torch::Tensor scale(torch::Tensor input, double factor) {
  TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor, got ", input.device());
  TORCH_CHECK(input.dim() == 2);
  const at::cuda::OptionalCUDAGuard guard(device_of(input));
  auto out = torch::empty_like(input);
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(input.scalar_type(), "scale", [&] {
    scale_rows<scalar_t><<<input.size(0), 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        input.packed_accessor32<scalar_t, 2, at::RestrictPtrTraits>(),
        out.packed_accessor32<scalar_t, 2, at::RestrictPtrTraits>(), factor);
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

torch::Tensor sums(torch::Tensor x) {
  auto result = at::zeros({x.size(0)}, x.options().dtype(at::kFloat));
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  cudaFuncSetAttribute(row_sums<float>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       sizeof(Tile));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "sums", [&] {
    row_sums<scalar_t><<<x.size(0), 32, sizeof(Tile), stream>>>(
        x.data_ptr<scalar_t>(), result.data_ptr<float>(), x.size(1));
  });
  return result;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &scale, "scale rows", py::arg("input"), py::arg("factor") = 1.0);
  m.def("sums", &sums);
}
"""


@pytest.fixture(scope="module", autouse=True)
def _libclang():
    require_libclang(resource_dir=True)


def _line_of(text: str, source: str = EXTENSION) -> int:
    return source[:source.index(text)].count("\n") + 1


def test_extension_is_analysed_with_types():
    result = translate(EXTENSION, Options(), "ext.cu")
    assert result.analysis == "types"
    assert [d for d in result.diagnostics if d.code == "E001"] == []


def test_shared_memory_sized_by_torch_types_is_found():
    """W203 needs sizeof(Tile), which only clang knows, and only with at::Half declared;
    the launch in the dispatch macro's lambda (a macro argument) is measured too."""
    result = translate(EXTENSION, Options(), "ext.cu")
    found = [(d.line, d.message.split(";")[0]) for d in result.diagnostics if d.code == "W203"]
    assert found == [(_line_of("sizeof(Tile));"), "opt-in to 96 KiB of dynamic shared memory"),
                     (_line_of("sizeof(Tile), stream"),
                      "launch asks for 96 KiB of dynamic shared memory")]


def test_warp_reduction_in_an_extension_is_found():
    result = translate(EXTENSION, Options(), "ext.cu")
    found = {(d.line, d.code) for d in result.diagnostics}
    assert (_line_of("for (int offset = 16"), "W402") in found
    assert (_line_of("__shfl_down_sync"), "W410") in found


def test_common_extension_api_parses_without_errors(tmp_path):
    source = """#include <torch/extension.h>
#include <torch/types.h>
#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <ATen/AccumulateType.h>
#include <ATen/cuda/Atomic.cuh>
#include <c10/cuda/CUDAStream.h>
#include <c10/util/Half.h>
#include <c10/util/BFloat16.h>
#include <vector>

template <typename T> __global__ void add(T *x, float *total, at::BFloat16 b) {
  gpuAtomicAdd(total, static_cast<float>(x[threadIdx.x]) + static_cast<float>(b));
}

std::vector<at::Tensor> run(const at::Tensor &a, torch::Tensor b, int64_t n) {
  TORCH_CHECK_ARG(a.is_contiguous(), 1, "a must be contiguous");
  AT_ASSERTM(a.numel() == b.numel(), "sizes differ");
  c10::cuda::CUDAGuard guard(a.get_device());
  c10::cuda::CUDAStream stream = c10::cuda::getCurrentCUDAStream();
  cudaStream_t raw = stream;
  cudaDeviceProp *properties = at::cuda::getCurrentDeviceProperties();
  auto total = at::zeros({1}, a.options().dtype(torch::kFloat32));
  auto ones = at::ones({n, 2}, torch::dtype(torch::kHalf).device(torch::kCUDA, 0));
  auto view = a.contiguous().view({-1}).to(at::kFloat);
  at::Tensor same = torch::zeros_like(b).zero_();
  at::Half h = 1.5f;
  float f = h * 2.0f + static_cast<float>(c10::BFloat16(0.5f));
  auto rows = a.accessor<float, 2>();
  float first = rows[0][0] + f + a.size(0) + a.stride(0) + a.sizes()[0];
  TORCH_CHECK(a.scalar_type() == at::ScalarType::Float && a.dtype() == torch::kFloat32);
  AT_DISPATCH_ALL_TYPES(a.scalar_type(), "all", [&] {
    add<scalar_t><<<1, properties->warpSize, 0, raw>>>(
        a.data_ptr<scalar_t>(), total.data_ptr<float>(), at::BFloat16(first));
  });
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, a.scalar_type(), "and2", [&] {
    using accumulate_t = at::acc_type<scalar_t, true>;
    accumulate_t zero = 0;
    (void)zero;
  });
  AT_DISPATCH_REDUCED_FLOATING_TYPES(a.scalar_type(), "reduced", [&] {
    add<scalar_t><<<1, 32, 0, stream>>>(a.data_ptr<scalar_t>(), nullptr, at::BFloat16(0.f));
  });
  AT_DISPATCH_SWITCH(a.scalar_type(), "switch",
      AT_DISPATCH_CASE(at::ScalarType::Float, [&] { scalar_t x = 0; (void)x; })
      AT_DISPATCH_CASE(at::ScalarType::Half, [&] { scalar_t x = 0.f; (void)x; }));
  void *untyped = a.data_ptr();
  (void)untyped;
  (void)h;
  return {total, ones, view, same, b.to(a.device())};
}

TORCH_LIBRARY(my_ops, m) { m.def("run", &run); }
"""
    parsed = clang.parse(source, "api.cu", directory=str(tmp_path))
    assert [m.message for m in parsed.errors] == []
    assert parsed.messages[0].message.startswith(
        "headers not found, analysed with rocport's stand-ins: torch/extension.h,")


def test_a_tree_with_its_own_torch_headers_uses_them(tmp_path):
    """Where the tree has a torch/extension.h (here one whose at::Half is 4 bytes), that
    one is read, not the stand-in: the tile is then 192 KiB."""
    source = tmp_path / "project"
    (source / "csrc").mkdir(parents=True)
    (source / "include" / "torch").mkdir(parents=True)
    (source / "include" / "torch" / "extension.h").write_text(
        "#pragma once\n"
        "namespace at {\n"
        "struct Half { float wide; };\n"
        "struct Tensor { template <class T> T *data_ptr() const; };\n"
        "}\n"
        "namespace torch { using at::Tensor; }\n")
    (source / "csrc" / "tile.cu").write_text(
        "#include <torch/extension.h>\n"
        "struct Tile { at::Half values[128][384]; };\n"
        "__global__ void fill(at::Half *out) { extern __shared__ Tile tile[]; }\n"
        "void launch(torch::Tensor out) {\n"
        "  fill<<<1, 128, sizeof(Tile)>>>(out.data_ptr<at::Half>());\n"
        "}\n")
    tree = migrate_tree(source, tmp_path / "out", jobs=1)
    (entry,) = [f for f in build_report(tree)["files"] if f["path"] == "csrc/tile.cu"]
    assert entry["analysis"] == "types"
    (outcome,) = [o for o in tree.files if o.path == "csrc/tile.cu"]
    assert outcome.result is not None
    found = [d.message.split(";")[0] for d in outcome.result.diagnostics if d.code == "W203"]
    assert found == ["launch asks for 192 KiB of dynamic shared memory"]


def test_stand_ins_are_for_pytorch_and_pybind11_headers_only():
    assert b"__rocport_torch.h" in stand_in("ATen/cuda/CUDAContext.h")
    assert b"__rocport_torch.h" in stand_in("c10/cuda/CUDAGuard.h")
    assert b"__rocport_pybind11.h" in stand_in("pybind11/pybind11.h")
    assert stand_in("cutlass/cutlass.h") == b"#pragma once\n"

