"""The tables rocport translates with (TSV, read once) and their loaders."""

from pathlib import Path

#: The folder of the table files; every loader reads its table from here.
DIRECTORY = Path(__file__).resolve().parent
