import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

os.environ.setdefault("PYTORCH_ROCM_ARCH", "gfx942")
setup(name="ops", ext_modules=[CUDAExtension("ops._C", ["ops.cu"])],
      cmdclass={"build_ext": BuildExtension})
