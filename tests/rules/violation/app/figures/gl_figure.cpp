// Breaks app_include_rules on purpose (tests/CMakeLists.txt: app_include_rules_catch_breaches).
#include <glad/gl.h>
