import subprocess


def compiler_version(cuda_home):
    return subprocess.check_output([cuda_home + "/bin/hipcc", "--version"], text=True)


def default_compiler():
    return "hipcc"
