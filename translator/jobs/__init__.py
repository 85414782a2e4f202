"""Jobs: a whole translation of what a user sent, run confined.

``confinement`` is the parent's side (``translate_archive``, ``translate_snippet``),
``child`` the program it runs inside the sandbox, ``protocol`` what the two say to each
other. The sandbox itself (bubblewrap, supervision, reading what it leaves) is
``translator.sandbox``, which knows nothing of translation.
"""
