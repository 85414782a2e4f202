#include <thrust/device_vector.h>
#include <thrust/sort.h>

int main() {
    thrust::device_vector<int> values(8, 1);
    thrust::sort(values.begin(), values.end());
    return 0;
}
