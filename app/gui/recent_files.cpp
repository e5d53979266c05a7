#include "app/gui/recent_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "app/gui/preferences.hpp"

namespace articulab::gui {

namespace fs = std::filesystem;

std::string RecentFiles::defaultPath() { return configFilePath("recent_scenes.txt"); }

RecentFiles::RecentFiles(std::string path) : path_(std::move(path)) {
  if (path_.empty()) return;
  std::ifstream in(path_);
  for (std::string line; files_.size() < kCapacity && std::getline(in, line);)
    if (!line.empty() && std::find(files_.begin(), files_.end(), line) == files_.end()) files_.push_back(line);
}

bool RecentFiles::add(const std::string& file, std::string& error) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec);
  const std::string entry = (ec ? fs::path(file) : absolute).lexically_normal().string();
  files_.erase(std::remove(files_.begin(), files_.end(), entry), files_.end());
  files_.insert(files_.begin(), entry);
  if (files_.size() > kCapacity) files_.resize(kCapacity);
  if (path_.empty()) return true;
  fs::create_directories(fs::path(path_).parent_path(), ec);
  std::ofstream out(path_, std::ios::trunc);
  for (const std::string& f : files_) out << f << '\n';
  if (out.good()) return true;
  error = "the recent scenes could not be written to " + path_;
  return false;
}

}  // namespace articulab::gui
