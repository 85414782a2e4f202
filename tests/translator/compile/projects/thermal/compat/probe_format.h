#define PROBE_FORMAT "%d devices\n"
