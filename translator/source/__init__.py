"""Text in: the lossless lexer, fast scans, preprocessor branches, syntax helpers."""
