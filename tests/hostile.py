"""Hostile inputs shared by the sandbox tests: include tricks, a libclang crasher, a
macro bomb. Each is written for these tests."""

from pathlib import Path

# A kernel whose shared array size makes the hazard rules ask libclang for its value.
KERNEL = "__global__ void k(float *p) { __shared__ float b[N]; b[0] = p[0]; p[1] = b[1]; }\n"
#: Deeply nested unary minus: libclang's constant evaluator overflows its stack on it.
CRASHER = "#define N 1\n__global__ void k(float *p) { __shared__ float b[" + "-" * 20000 + \
          "N]; b[0] = p[0]; }\n"
#: 8 ** 9 ones from 400 bytes of macros: libclang would need gigabytes to expand them.
BOMB = "".join(f"#define A{i} " + ",".join([f"A{i - 1}"] * 8) + "\n" for i in range(1, 10))
BOMB = "#define A0 1,1,1,1,1,1,1,1\n" + BOMB + KERNEL + "int x[] = {A9};\n"


def tricks(secret_path: Path) -> dict[str, str]:
    """Sources that try to make clang read SECRET_PATH, by name."""
    relative = "../" * 12 + str(secret_path).lstrip("/")
    return {
        "absolute.cu": f'#include "{secret_path}"\n{KERNEL}',
        "angled.cu": f"#include <{secret_path}>\n{KERNEL}",
        "relative.cu": f'#include "{relative}"\n{KERNEL}',
        "next.cu": f'#include_next "{secret_path}"\n{KERNEL}',
        "computed.cu": f'#define WHERE "{secret_path}"\n#include WHERE\n{KERNEL}',
        "spliced.cu": f'#include \\\n"{secret_path}"\n{KERNEL}',
        "initializer.cu": f'int x = \n#include "{secret_path}"\n;\n{KERNEL}',
        "has_include.cu": f'#if __has_include("{secret_path}")\nint found;\n#endif\n{KERNEL}',
        "embed.cu": f'const char d[] = {{\n#embed "{secret_path}"\n}};\n{KERNEL}',
        "incbin.cu": f'asm(".incbin \\"{secret_path}\\"");\n{KERNEL}',
        "link.cu": f'#include "inc/link.h"\n{KERNEL}',
    }
