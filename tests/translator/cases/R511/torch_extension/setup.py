from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

nvcc_flags = [
    "-O3",
    "--use_fast_math",
    "-Xptxas=-v",
    "--expt-relaxed-constexpr",
    "-lineinfo",
]

setup(
    name="ops",
    ext_modules=[CUDAExtension("ops._C", ["ops.cu"],
                               extra_compile_args={"cxx": ["-O3"],
                                                   "nvcc": nvcc_flags + ["-maxrregcount=64"]})],
    cmdclass={"build_ext": BuildExtension},
)
