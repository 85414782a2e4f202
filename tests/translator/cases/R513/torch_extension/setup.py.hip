from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

nvcc_flags = [
    "-O3",
    "-ffast-math",
    "-gline-tables-only",
]

setup(
    name="ops",
    ext_modules=[CUDAExtension("ops._C", ["ops.cu"],
                               extra_compile_args={"cxx": ["-O3"],
                                                   "nvcc": nvcc_flags + []})],
    cmdclass={"build_ext": BuildExtension},
)
