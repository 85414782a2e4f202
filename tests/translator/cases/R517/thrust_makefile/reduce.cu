#include <cub/cub.cuh>

int main() {
    return 0;
}
