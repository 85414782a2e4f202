"""The compile check's flags from one command of a project's real build, reduced to the
safe ones.

``safe_arguments`` takes one compile command of the project's real build (cmake's
``compile_commands.json``, ``make -n``; translator/compile/build_systems.py) and keeps it
in order minus what is unsafe or beside the point (output, linking, GPU targets): the
command is untrusted input (a flag such as ``-B``, ``-fplugin``, ``-Xclang -load`` or
``--hip-path`` can make the compiler execute or read arbitrary files). When the real
build could not run, rocport's reader of the build files gives the flags instead
(translator/tree/build_flags.py). The nvcc flags that the build-file rules rewrite are
another matter: translator/source/nvcc_flags.py.
"""

from __future__ import annotations

from translator.tree.build_flags import SAFE_MACRO

__all__ = ["safe_arguments", "path_arguments"]


# --- whole command lines from the project's build ------------------------------------------

#: Parts of a compile command that say where output goes, not what the unit means.
_OUTPUT_FLAGS = {"-o", "-MF", "-MT", "-MQ", "-MJ", "-l", "-L"}
_LINK_PREFIXES = ("-MF", "-MT", "-MQ", "-l", "-L", "-Wl,")
_OUTPUT_SWITCHES = {"-c", "-shared", "-static", "-rdynamic", "-M", "-MM", "-MD", "-MMD",
                    "-MP", "-MG", "-S", "-E", "-pipe"}
#: Flags that take a value as the next word, by what we do with them.
_KEPT_WITH_VALUE = {"-isystem", "-iquote", "-idirafter", "-include", "-imacros", "-x", "-I",
                    "-D", "-U"}
_DROPPED_WITH_VALUE = {"-Xclang", "-mllvm", "-Xlinker", "-Xassembler", "-Xpreprocessor",
                       "-Xarch_host", "-Xarch_device", "-Xoffload-linker", "--config", "-B",
                       "-isysroot", "--sysroot", "--gcc-toolchain", "-resource-dir",
                       "-target", "-arch", "-Xcompiler", "-ccbin"}
#: Kept prefixes: what a unit means (paths, macros, language, standard), code generation
#: and warnings. Anything else is dropped and listed.
_KEPT_PREFIXES = ("-I", "-D", "-U", "-std=", "--std=", "-x", "-O", "-g", "-W", "-f", "-m",
                  "-isystem", "-iquote", "-idirafter", "-pthread", "-pedantic", "-w",
                  "--genco", "-fgpu-rdc", "-ansi", "-nostdinc", "-nogpuinc", "-nogpulib")
#: Never kept although their prefix is: they load code, write files where they like,
#: pick another compiler or link (a compile check compiles only).
_DROPPED_PREFIXES = ("-Wp,", "-Wa,", "-fplugin", "-fpass-plugin", "-fprofile",
                     "-fcrash-diagnostics", "-fmodules", "-fmodule-", "-fprebuilt-module",
                     "-fsave-optimization-record", "-ftime-trace", "-fcoverage",
                     "-fdebug-compilation-dir", "-ffile-prefix-map", "-fdebug-prefix-map",
                     "-fmacro-prefix-map", "-fuse-ld", "-fembed-offload",
                     "-fgpu-sanitize", "-fsanitize", "-fcolor-diagnostics",
                     "-fdiagnostics-color", "-mprintf-kind")
#: GPU targets are the check's choice (CompileOptions.offload_archs), not the build's.
_TARGET_PREFIXES = ("--offload-arch=", "--amdgpu-target=", "--cuda-gpu-arch=",
                    "--offload-arch", "-offload-arch=")
_PATH_VALUE_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros")


def safe_arguments(arguments: list[str]) -> tuple[list[str], list[str]]:
    """(kept, dropped): the flags of one compile command from the project's build, in
    order, without the compiler, the sources, the output and dependency-file flags and the
    GPU targets (those are not listed as dropped: every build has them). Nothing is
    merged, added or invented. Dropped: flags that load code (``-fplugin``,
    ``-Xclang -load``), pick another toolchain (``-B``, ``--hip-path``), pass options to
    the linker or assembler, or that this function does not know."""
    kept: list[str] = []
    dropped: list[str] = []
    items = iter(arguments)
    for argument in items:
        if argument in _OUTPUT_FLAGS:
            next(items, None)
        elif argument in _OUTPUT_SWITCHES or argument.startswith(_LINK_PREFIXES):
            continue  # output, dependency files, linking: a compile check compiles only
        elif argument.startswith(_TARGET_PREFIXES):
            if argument == "--offload-arch":
                next(items, None)
        elif argument in _DROPPED_WITH_VALUE:
            dropped += [argument, next(items, "")]
        elif argument in _KEPT_WITH_VALUE:
            value = next(items, None)
            if value is not None:
                kept += [argument, value]
        elif argument.startswith(("-D", "-U")):
            if SAFE_MACRO.match(argument[2:]):
                kept.append(argument)
            else:
                dropped.append(argument)
        elif argument.startswith(_DROPPED_PREFIXES) or argument.startswith("--") and not \
                argument.startswith(("--std=", "--genco")):
            dropped.append(argument)
        elif argument.startswith(_KEPT_PREFIXES):
            kept.append(argument)
        elif argument.startswith("-"):
            dropped.append(argument)
    return kept, dropped


def path_arguments(arguments: list[str], transform) -> list[str]:
    """ARGUMENTS with the path of every include flag passed through TRANSFORM (which
    returns the new path, or None to drop the flag)."""
    result: list[str] = []
    items = iter(arguments)
    for argument in items:
        flag = argument if argument in _PATH_VALUE_FLAGS else (
            "-I" if argument.startswith("-I") and argument != "-I" else None)
        if flag is None:
            result.append(argument)
            continue
        value = argument[2:] if argument != flag else next(items, "")
        new = transform(value)
        if new is not None:
            result += [f"-I{new}"] if flag == "-I" else [flag, new]
    return result
