"""Options and the tree facts they carry: hashing, the sandbox's JSON, the report."""

from __future__ import annotations

import json
import pickle
from dataclasses import fields

from translator.data.names import load_names, resolve
from translator.options import (
    NAME_RESOLUTION_FIELDS,
    Options,
    TreeFacts,
    options_from_json,
    options_json,
)
from translator.output.report import options_section

FACTS = {"kept_names": ("a/x.cu",), "project_names": ("cudaCheck",), "warp_sync_calls": True,
         "hip_macros": ("USE_HIP",), "device_macros": ("HD=host-device",),
         "own_libraries": (("nccl", "src/nccl.h"),), "tree_root": "/t"}


def test_tree_facts_take_part_in_equality_and_hash():
    plain, with_facts = Options(), Options().with_tree_facts(project_names=("cudaCheck",))
    assert plain != with_facts
    assert hash(plain) != hash(with_facts)
    assert with_facts == Options(tree=TreeFacts(project_names=("cudaCheck",)))
    assert hash(with_facts) == hash(Options(tree=TreeFacts(project_names=("cudaCheck",))))


def test_tree_facts_store_lists_as_tuples():
    facts = TreeFacts(kept_names=["a.cu"], hip_macros=["USE_HIP"])
    assert facts.kept_names == ("a.cu",)
    assert hash(Options(tree=facts)) == hash(Options(tree=TreeFacts(("a.cu",),
                                                                   hip_macros=("USE_HIP",))))


def test_with_tree_facts_keeps_the_other_facts_and_choices():
    options = Options(roc=True).with_tree_facts(kept_names=("a.cu",))
    changed = options.with_tree_facts(hip_macros=("USE_HIP",))
    assert changed.roc
    assert changed.tree == TreeFacts(kept_names=("a.cu",), hip_macros=("USE_HIP",))


def test_options_with_tree_facts_cross_the_sandbox_as_json():
    options = Options(hip_version=(6, 2), path_ignores=(("vendor/*", ("W1",)),),
                      tree=TreeFacts(**FACTS))
    back = options_from_json(json.loads(json.dumps(options_json(options))))
    assert back == options
    assert hash(back) == hash(options)


def test_options_with_tree_facts_pickle():
    options = Options(tree=TreeFacts(**FACTS))
    assert pickle.loads(pickle.dumps(options)) == options


def test_report_lists_tree_facts_among_the_options_in_field_order():
    section = options_section(Options(naming="hip", tree=TreeFacts(**FACTS)))
    keys = list(section)
    assert "tree" not in section
    names = [field.name for field in fields(TreeFacts)]
    assert keys[keys.index("naming") + 1:keys.index("naming") + 1 + len(names)] == names
    assert section["kept_names"] == ["a/x.cu"]
    assert section["warp_sync_calls"] is True
    assert keys[-1] == "analysis_budget"


class _ReadRecorder:
    """Options that note which of their fields are read."""

    def __init__(self, options: Options) -> None:
        self._options, self.read = options, set()

    def __getattr__(self, name: str):
        self.read.add(name)
        return getattr(self._options, name)


def test_names_resolve_reads_only_the_name_resolution_options():
    # resolve_name's cache and the rename rule's decisions are keyed by Options.name_resolution:
    # a field resolve read beyond it would be answered from another file's options.
    table = load_names()
    entries = [*table.identifiers.values(), *table.headers.values()]
    read: set[str] = set()
    for options in (Options(), Options(roc=True, amap=True), Options(miopen=True),
                    Options(hip_version=(5, 2), hipify_compat=True, experimental=True)):
        recorder = _ReadRecorder(options)
        for entry in entries:
            assert resolve(entry, recorder) == resolve(entry, options.name_resolution)  # type: ignore[arg-type]
        read |= recorder.read
    assert read <= set(NAME_RESOLUTION_FIELDS)
    assert {"roc", "hip_version", "amap"} <= read  # the recorder sees the reads


def test_name_resolution_options_are_shared_by_options_that_differ_elsewhere():
    here = Options(roc=True, include_dirs=("/a",)).with_tree_facts(tree_root="/t")
    there = Options(roc=True, include_dirs=("/b",), use_clang=False)
    assert here.name_resolution is there.name_resolution
    assert here.name_resolution == Options(roc=True)
    assert Options().name_resolution is not here.name_resolution
