#pragma once
// Exactly one precision per build: CMake defines one of the two.
#if defined(THERMAL_REAL_DOUBLE) && defined(THERMAL_REAL_FLOAT)
#error "THERMAL_REAL_DOUBLE and THERMAL_REAL_FLOAT exclude each other"
#endif
#ifdef THERMAL_REAL_DOUBLE
typedef double real_t;
#else
typedef float real_t;
#endif
#ifdef THERMAL_TRACE_STEPS
#include "thermal/trace.h"  // shipped with the tracing add-on only
#endif
