// A host-only header: nothing here needs the runtime.
#pragma once
#include <chrono>
inline double seconds_since(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
