#pragma once
#if defined(PARTICLES_DOUBLE) == defined(PARTICLES_SINGLE)
#error "define exactly one of PARTICLES_DOUBLE and PARTICLES_SINGLE"
#endif
#ifdef PARTICLES_DOUBLE
typedef double real_t;
#else
typedef float real_t;
#endif
