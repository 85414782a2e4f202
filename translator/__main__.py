import sys

from translator.cli import main

sys.exit(main())
