# Options are whole words: a longer word that begins or ends like one is left alone.
PROFILE = -gline-tables-only -gline-tables-only -Rpass-analysis=kernel-resource-usage -Rpass-analysis=kernel-resource-usage
LOOKALIKE = -lineinfo-extra --generate-line-info2 x--generate-line-info --resource-usage-log
BINARIES = --genco --genco --genco
NAMES = --fatbin-dir --cubin_name my-res-usage
