#include "app/session/csv_export.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "engine/io/json_layout.hpp"

namespace articulab::session {

void writeCsv(const TimeSeries& data, std::ostream& out) {
  const auto& channels = data.channels();
  for (std::size_t c = 0; c < channels.size(); ++c) out << (c ? "," : "") << channelHeader(channels[c]);
  out << '\n';
  for (std::size_t row = 0; row < data.size(); ++row) {
    for (std::size_t c = 0; c < channels.size(); ++c)
      out << (c ? "," : "") << scene_io::exactNumber(data.value(row, c));  // as the CLI's recorder writes
    out << '\n';
  }
}

bool writeCsv(const TimeSeries& data, const std::string& path, std::string& error) {
  std::ofstream file(path, std::ios::binary);
  if (!file) {
    error = path + ": cannot write the CSV file: " + std::strerror(errno);
    return false;
  }
  writeCsv(data, file);
  file.flush();
  if (!file) {
    error = path + ": writing the CSV file failed: " + std::strerror(errno);
    return false;
  }
  file.close();
  if (!file) {
    error = path + ": closing the CSV file failed: " + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace articulab::session
