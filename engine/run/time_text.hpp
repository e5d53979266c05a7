// Simulated time as the log and the messages print it.
#pragma once

#include <string>

namespace articulab {

// t to the step's resolution: "1.234" at dt = 1 ms, not "1.2340000000000002".
std::string formatTime(double t, double dt);

}  // namespace articulab
