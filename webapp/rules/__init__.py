"""Read-only pages that render the rule registry and each rule's documentation."""
