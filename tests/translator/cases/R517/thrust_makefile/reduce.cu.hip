#include <hipcub/hipcub.hpp>

int main() {
    return 0;
}
