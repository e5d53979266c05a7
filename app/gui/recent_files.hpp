// The scenes opened last, most recent first, kept between sessions in a text file (one absolute
// path a line) in the user's configuration directory: $XDG_CONFIG_HOME/articulab/recent_scenes.txt,
// or ~/.config/articulab/recent_scenes.txt. Reading and writing never throw: a file that cannot be
// read gives an empty list, one that cannot be written is logged and the list is kept in memory.
#pragma once

#include <string>
#include <vector>

namespace articulab::gui {

class RecentFiles {
 public:
  static constexpr std::size_t kCapacity = 10;

  // The default file (see above); empty when neither variable is set.
  static std::string defaultPath();

  // Reads the list from `path` (empty: memory only).
  explicit RecentFiles(std::string path = "");
  // Puts `file` (made absolute) first, dropping an earlier entry of it and the oldest beyond the
  // capacity, and writes the list. False with the reason when it could not be written.
  bool add(const std::string& file, std::string& error);
  const std::vector<std::string>& files() const { return files_; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::vector<std::string> files_;
};

}  // namespace articulab::gui
