"""Knowledge that rules share and no rule owns (STYLE.md: rules never import each other)."""
