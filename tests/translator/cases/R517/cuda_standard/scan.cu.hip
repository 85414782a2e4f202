#include <hipcub/hipcub.hpp>
