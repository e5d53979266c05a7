#include "app/session/csv_export.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace articulab::session {

bool writeCsv(const TimeSeries& data, const std::string& path, std::string& error) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "w"), &std::fclose);
  if (!file) {
    error = path + ": cannot write the CSV file: " + std::strerror(errno);
    return false;
  }
  const auto& channels = data.channels();
  for (std::size_t c = 0; c < channels.size(); ++c)
    std::fprintf(file.get(), "%s%s", c ? "," : "", channelHeader(channels[c]).c_str());
  std::fputc('\n', file.get());
  for (std::size_t row = 0; row < data.size(); ++row) {
    for (std::size_t c = 0; c < channels.size(); ++c)
      std::fprintf(file.get(), "%s%.17g", c ? "," : "", data.value(row, c));
    std::fputc('\n', file.get());
  }
  if (std::fflush(file.get()) != 0 || std::ferror(file.get())) {
    error = path + ": writing the CSV file failed: " + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace articulab::session
