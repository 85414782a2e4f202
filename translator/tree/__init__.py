"""Whole repositories: walk, classify, name files, build files, caches."""
