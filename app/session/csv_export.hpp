// Writes a TimeSeries as CSV: a header of "name [unit]" columns, then one row per sample.
#pragma once

#include <string>

#include "app/session/time_series.hpp"

namespace articulab::session {

// Returns false and fills error (naming the file) when the file cannot be written.
bool writeCsv(const TimeSeries& data, const std::string& path, std::string& error);

}  // namespace articulab::session
