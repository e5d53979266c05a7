#include "app/gui/channel_recording.hpp"

#include <algorithm>

#include "app/gui/csv_export.hpp"

namespace articulab::gui {

void ChannelRecording::request(std::vector<std::string> names) {
  if (names == names_) return;
  names_ = std::move(names);
  stale = true;
}

int ChannelRecording::column(const std::string& name) const {
  const std::vector<Channel>& columns = series.channels();
  for (std::size_t c = 1; c < columns.size(); ++c)
    if (columns[c].name == name) return static_cast<int>(c);
  return -1;
}

bool writeChannelsCsv(const ChannelRecording& recording, const std::string& path, std::string& error) {
  return writeCsv(recording.series, path, error);
}

}  // namespace articulab::gui
