""".rocport.toml: rule selection, per-path ignores, HIP version and gfx targets."""

import pytest

from translator.cli import main
from translator.config import ConfigError, configure, load_config, options_for_path
from translator.options import Options
from translator.tree.migrate import migrate_tree

LANE = "__device__ int lane() {\n  return threadIdx.x % 32;\n}\n"
BIG_LAUNCH = ("__global__ void k(float *x) { extern __shared__ float b[]; x[0] = b[0]; }\n"
              "void run(float *x) { k<<<1, 256, 96 * 1024>>>(x); }\n")


def _codes(tree, path):
    outcome = next(f for f in tree.files if f.path == path)
    return sorted({d.code for d in outcome.result.diagnostics if d.code.startswith("W")})


def test_reads_every_key(tmp_path):
    config_file = tmp_path / ".rocport.toml"
    config_file.write_text('select = ["R", "W4"]\nignore = ["W401"]\nhip-version = "6.2"\n'
                           'offload-arch = ["gfx950"]\n[per-path-ignores]\n"tests/*" = ["W"]\n')
    config = load_config(config_file)
    assert (config.select, config.ignore, config.hip_version, config.offload_archs,
            config.path_ignores) == (("R", "W4"), ("W401",), (6, 2), ("gfx950",),
                                     (("tests/*", ("W",)),))


@pytest.mark.parametrize(("text", "words"), [
    ("select = [", "not valid TOML"),
    ("colour = 1", "unknown key"),
    ('ignore = ["warp"]', "not rule codes"),
    ('offload-arch = ["sm_90"]', "gfx targets"),
    ('hip-version = "six"', "hip-version"),
])
def test_rejects_bad_files_with_a_clear_message(tmp_path, text, words):
    (tmp_path / ".rocport.toml").write_text(text)
    with pytest.raises(ConfigError, match=words):
        load_config(tmp_path / ".rocport.toml")


def test_per_path_ignores_apply_to_matching_files_only(tmp_path):
    source = tmp_path / "src"
    (source / "tests").mkdir(parents=True)
    (source / "tests" / "t.cu").write_text(LANE)
    (source / "k.cu").write_text(LANE)
    (source / ".rocport.toml").write_text('[per-path-ignores]\n"tests/*" = ["W401"]\n')
    tree = migrate_tree(source, tmp_path / "out")
    assert (_codes(tree, "k.cu"), _codes(tree, "tests/t.cu")) == (["W401"], [])


def test_offload_arch_from_the_file_changes_the_lds_limit(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "k.cu").write_text(BIG_LAUNCH)
    before = _codes(migrate_tree(source, tmp_path / "out1"), "k.cu")
    (source / ".rocport.toml").write_text('offload-arch = ["gfx950"]\n')
    after = _codes(migrate_tree(source, tmp_path / "out2"), "k.cu")
    assert (before, after) == (["W203"], [])


def test_explicit_options_win_and_ignores_merge(tmp_path):
    (tmp_path / ".rocport.toml").write_text('select = ["W"]\nignore = ["W2"]\n'
                                            'offload-arch = ["gfx950"]\n')
    options = configure(Options(select=("R",), ignore=("W1",), offload_archs=("gfx90a",)),
                        tmp_path)
    assert (options.select, options.ignore, options.offload_archs) == (
        ("R",), ("W1", "W2"), ("gfx90a",))


def test_options_for_path_without_matches_is_unchanged():
    options = Options(path_ignores=(("vendor/*", ("W",)),))
    assert options_for_path(options, "src/k.cu") is options


def test_cli_uses_the_nearest_file_for_a_single_file(tmp_path, capsys):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".rocport.toml").write_text('ignore = ["W401"]\n')
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "k.cu").write_text(LANE)
    assert main(["translate", str(tmp_path / "src" / "k.cu"), "-o", str(tmp_path / "k.hip")]) == 0
    assert "W401" not in capsys.readouterr().err


def test_cli_reports_a_bad_file_and_fails(tmp_path, capsys):
    (tmp_path / ".rocport.toml").write_text("select = [")
    (tmp_path / "k.cu").write_text(LANE)
    assert main(["translate", str(tmp_path / "k.cu")]) == 2
    assert "not valid TOML" in capsys.readouterr().err
