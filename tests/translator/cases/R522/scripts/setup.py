import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

os.environ.setdefault("TORCH_CUDA_ARCH_LIST", "8.0;9.0")
setup(name="ops", ext_modules=[CUDAExtension("ops._C", ["ops.cu"])],
      cmdclass={"build_ext": BuildExtension})
