#include <cub/device/device_scan.cuh>
