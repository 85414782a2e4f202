"""Semantics shared by rules: libclang (the only importer of clang.cindex), facts,
data flow, expressions."""
