import subprocess


def compiler_version(cuda_home):
    return subprocess.check_output([cuda_home + "/bin/nvcc", "--version"], text=True)


def default_compiler():
    return "/usr/local/cuda/bin/nvcc"
