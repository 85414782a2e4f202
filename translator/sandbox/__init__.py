"""Running untrusted work: bubblewrap, time and output limits, confined translation."""
