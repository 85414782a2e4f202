#error "compat/ holds the legacy probe's headers only"
