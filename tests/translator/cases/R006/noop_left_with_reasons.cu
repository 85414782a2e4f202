// Aliases rocport cannot name as symbols stay, each with the reason: a C++ function
// (mangled), a variable with internal linkage (const), one in a namespace, and a
// target defined after the pragma. "#pragma weak a = b" in a comment or string stays too.
static void report_default() {}
#pragma weak report = report_default

const int default_limit = 8;
#pragma weak limit = default_limit

namespace config { int default_depth = 2; }
#pragma weak depth = default_depth

#pragma weak width = default_width
int default_width = 640;

const char *kNote = "#pragma weak a = b";
