// Breaks app_include_rules on purpose (tests/CMakeLists.txt: app_include_rules_catch_breaches).
#pragma once

#include <imgui.h>
