"""``.rocport.toml``: a repository's own hazard configuration, turned into Options.

The file lives in the repository root (the folder being migrated). All keys are
optional::

    select = ["R", "W"]              # rule codes or prefixes to run (default: all)
    ignore = ["W201", "W10"]         # rule codes or prefixes to skip
    hip-version = "6.2"              # target HIP version
    offload-arch = ["gfx942"]        # target GPUs (wave size, LDS size)

    [per-path-ignores]               # glob (relative, ``/``-separated) -> codes
    "tests/*" = ["W4"]
    "third_party/*" = ["W"]

    [build]                          # how the compile check builds the project
    cmake = { FOO_WITH_CUDA = "ON" } # cache entries (-D), for every CMake project
    make-variables = { WITH_MPI = "1" }
    make-goals = ["all"]

The ``[build]`` table is read by the compile check (translator/compile/build_config.py),
not by the translation.

Globs use ``fnmatch`` rules, where ``*`` also matches ``/``. Options given explicitly by
the caller win over the file for ``select``, ``hip-version`` and ``offload-arch``;
``ignore`` lists are merged.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from translator.options import Options, parse_version

__all__ = ["CONFIG_NAME", "Config", "ConfigError", "load_config", "find_config", "configure",
           "options_for_path"]

CONFIG_NAME = ".rocport.toml"
_CODE = re.compile(r"[RWE]\d{0,3}")
_ARCH = re.compile(r"gfx[0-9a-f]{3,4}(:[a-z+-]+)*")
_KEYS = {"select", "ignore", "hip-version", "offload-arch", "per-path-ignores", "build"}


class ConfigError(ValueError):
    """The configuration file is not valid TOML or has a bad value; says where and why."""


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    hip_version: tuple[int, ...] | None = None
    offload_archs: tuple[str, ...] = ()
    path_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()


def find_config(start: str | Path) -> Path | None:
    """The nearest ``.rocport.toml`` in START (a file's folder) or its parents, stopping
    at the repository root (a folder with ``.git``)."""
    folder = Path(start).resolve()
    if not folder.is_dir():
        folder = folder.parent
    for candidate in (folder, *folder.parents):
        if (candidate / CONFIG_NAME).is_file():
            return candidate / CONFIG_NAME
        if (candidate / ".git").exists():
            return None
    return None


def load_config(path: str | Path) -> Config:
    """Read and check a configuration file. Raises ConfigError for bad content."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path.name}: not valid TOML: {error}") from error
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise ConfigError(f"{path.name}: unknown key(s) {', '.join(unknown)}; "
                          f"known: {', '.join(sorted(_KEYS))}")
    hip_version = None
    if "hip-version" in data:
        try:
            hip_version = parse_version(str(data["hip-version"]))
        except ValueError as error:
            raise ConfigError(f"{path.name}: hip-version: {error}") from error
    path_ignores = data.get("per-path-ignores", {})
    if not isinstance(path_ignores, dict):
        raise ConfigError(f"{path.name}: per-path-ignores must be a table of glob = [codes]")
    return Config(
        select=_codes(path, "select", data.get("select", [])),
        ignore=_codes(path, "ignore", data.get("ignore", [])),
        hip_version=hip_version,
        offload_archs=_archs(path, data.get("offload-arch", [])),
        path_ignores=tuple((str(glob), _codes(path, f"per-path-ignores.{glob}", codes))
                           for glob, codes in path_ignores.items()),
    )


def _codes(path: Path, key: str, value) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{path.name}: {key} must be a list of rule codes")
    bad = [v for v in value if not _CODE.fullmatch(v)]
    if bad:
        raise ConfigError(f"{path.name}: {key}: not rule codes or prefixes: {', '.join(bad)}")
    return tuple(value)


def _archs(path: Path, value) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(
            isinstance(v, str) and _ARCH.fullmatch(v) for v in value):
        raise ConfigError(f"{path.name}: offload-arch must list gfx targets such as gfx942")
    return tuple(v.split(":")[0] for v in value)


def configure(options: Options, root: str | Path) -> Options:
    """OPTIONS completed with ROOT/.rocport.toml (or the nearest one above a file)."""
    path = Path(root) / CONFIG_NAME if Path(root).is_dir() else find_config(root)
    if path is None or not path.is_file():
        return options
    config = load_config(path)
    defaults = Options()
    return options.with_changes(
        select=options.select or config.select,
        ignore=tuple(dict.fromkeys(options.ignore + config.ignore)),
        hip_version=options.hip_version or config.hip_version,
        offload_archs=(config.offload_archs if config.offload_archs
                       and options.offload_archs == defaults.offload_archs
                       else options.offload_archs),
        path_ignores=options.path_ignores + config.path_ignores,
    )


def options_for_path(options: Options, relative_path: str) -> Options:
    """OPTIONS with the per-path ignores that match RELATIVE_PATH added to ``ignore``."""
    extra = tuple(code for glob, codes in options.path_ignores
                  if fnmatch.fnmatchcase(relative_path, glob) for code in codes)
    if not extra:
        return options
    return options.with_changes(ignore=tuple(dict.fromkeys(options.ignore + extra)))
