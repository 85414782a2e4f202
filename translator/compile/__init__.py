"""The hipcc compile check: toolchain, flags, units, hipcc output, failures, cache, report."""
