"""Parsing clang/hipcc output: samples as HIP 5.2 (clang 15) and ROCm 6/7 print them."""
# ruff: noqa: E501  (compiler output is quoted as printed)

from translator.compile.hipcc_output import normalize_message, parse_messages, parse_resource_usage

ERROR_WITH_STACK_AND_NOTES = """\
In file included from src/main.hip:2:
In file included from inc/outer.h:3:
inc/inner.h:7:12: error: no matching function for call to 'g'
    return g();
           ^
inc/inner.h:3:6: note: candidate function not viable: requires single argument 'a', but no arguments were provided
void g(int a);
     ^
1 error generated when compiling for gfx90a.
"""

FIXIT = """\
d.hip:5:24: error: member reference type 'S *' is a pointer; did you mean to use '->'?
int f(S *s) { int y = s.x; return y; }
                      ~^
                       ->
fix-it:"d.hip":{5:24-5:25}:"->"
"""

HOST_AND_DEVICE_DUPLICATES = """\
a.hip:4:30: error: use of undeclared identifier 'ss'
a.hip:4:30: error: use of undeclared identifier 'ss'
a.hip:3:39: warning: implicit conversion from 'double' to 'int' changes value from 1.5 to 1 [-Wliteral-conversion]
2 errors generated when compiling for host.
"""

DRIVER_AND_BACKEND = """\
clang: error: invalid target ID 'gfx942'; format is a processor name followed by an optional colon-delimited list of features followed by an enable/disable sign (e.g., 'gfx908:sramecc+:xnack-')
error: local memory (80000) exceeds limit (65536) in function '_Z3bigPf'
ld.lld: error: undefined symbol: foo
"""

RESOURCE_USAGE_TWO_TARGETS = """\
big.hip:2:1: remark: Function Name: _Z3bigPf [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     SGPRs: 6 [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     VGPRs: 3 [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     LDS Size [bytes/block]: 40000 [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     Occupancy [waves/SIMD]: 8 [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark: Function Name: _Z3bigPf [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     SGPRs: 8 [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     VGPRs: 4 [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     Dynamic Stack: False [-Rpass-analysis=kernel-resource-usage]
big.hip:2:1: remark:     LDS Size [bytes/block]: 40000 [-Rpass-analysis=kernel-resource-usage]
"""


def test_reads_location_severity_and_message():
    [message] = parse_messages(ERROR_WITH_STACK_AND_NOTES)
    assert (message.path, message.line, message.column, message.severity) == (
        "inc/inner.h", 7, 12, "error")
    assert message.message == "no matching function for call to 'g'"


def test_keeps_the_include_stack_outermost_first():
    [message] = parse_messages(ERROR_WITH_STACK_AND_NOTES)
    assert message.include_stack == [("src/main.hip", 2), ("inc/outer.h", 3)]


def test_attaches_notes_to_their_error():
    [message] = parse_messages(ERROR_WITH_STACK_AND_NOTES)
    assert [(n.path, n.line, n.severity) for n in message.notes] == [("inc/inner.h", 3, "note")]


def test_reads_parseable_fixits():
    [message] = parse_messages(FIXIT)
    [fix] = message.fixits
    assert (fix.path, fix.start, fix.end, fix.text) == ("d.hip", (5, 24), (5, 25), "->")


def test_merges_duplicates_from_host_and_device_passes():
    messages = parse_messages(HOST_AND_DEVICE_DUPLICATES)
    assert [(m.severity, m.line) for m in messages] == [("error", 4), ("warning", 3)]


def test_reads_the_warning_option():
    messages = parse_messages(HOST_AND_DEVICE_DUPLICATES)
    assert messages[1].option == "-Wliteral-conversion"


def test_reads_messages_without_location():
    messages = parse_messages(DRIVER_AND_BACKEND)
    assert [(m.line, m.message[:20]) for m in messages] == [
        (0, "invalid target ID 'g"), (0, "local memory (80000)"), (0, "undefined symbol: fo")]


def test_remarks_are_not_diagnostics():
    assert parse_messages(RESOURCE_USAGE_TWO_TARGETS) == []


def test_reads_kernel_resource_usage_once_per_target():
    kernels = parse_resource_usage(RESOURCE_USAGE_TWO_TARGETS)
    assert [(k.name, k.number("VGPRs"), k.number("LDS Size")) for k in kernels] == [
        ("_Z3bigPf", 3, 40000), ("_Z3bigPf", 4, 40000)]
    assert kernels[1].values["Dynamic Stack"] == "False"


def test_normalize_blanks_names_and_numbers():
    assert normalize_message("use of undeclared identifier 'x1' at 3") == (
        "use of undeclared identifier '…' at N")
