#include "app/gui/file_browser.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "engine/io/model_loader.hpp"

namespace articulab::gui {

namespace fs = std::filesystem;

namespace {

// Opening lists every model file (scene, URDF, MJCF); saving lists scene files.
bool wanted(BrowseMode mode, const fs::path& file) {
  if (mode == BrowseMode::OpenScene) return isModelFile(file.string());
  return mode == BrowseMode::ExportPlots || file.extension() == ".json";
}

// 'text' (appended, not "'" + text: GCC 12 warns falsely of -Wrestrict on that).
std::string quoted(const std::string& text) {
  std::string out(1, '\'');
  out += text;
  out += '\'';
  return out;
}

bool byKindThenName(const BrowserEntry& a, const BrowserEntry& b) {
  if (a.directory != b.directory) return a.directory;
  return a.name < b.name;
}

}  // namespace

void FileBrowser::open(BrowseMode mode, const std::string& directory, const std::string& fileName) {
  open_ = true;
  mode_ = mode;
  name = fileName;
  error_.clear();
  std::error_code ec;
  const std::string here = fs::current_path(ec).string();
  if (directory.empty() || !list(directory)) list(here);
}

bool FileBrowser::list(const std::string& directory) {
  std::error_code ec;
  const fs::path path = fs::weakly_canonical(fs::absolute(directory, ec), ec);
  if (ec || !fs::is_directory(path, ec)) {
    error_ = quoted(directory) + " is not a directory that can be read";
    return false;
  }
  std::vector<BrowserEntry> found;
  fs::directory_iterator it(path, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::path entry = it->path();
    const bool isDirectory = it->is_directory(ec);
    if (ec) break;
    if (entry.filename().string().front() == '.') continue;  // hidden
    if (isDirectory || wanted(mode_, entry)) found.push_back({entry.filename().string(), isDirectory});
  }
  if (ec) {
    error_ = quoted(path.string()) + " cannot be listed: " + ec.message();
    return false;
  }
  std::sort(found.begin(), found.end(), byKindThenName);
  directory_ = path.string();
  entries_ = std::move(found);
  error_.clear();
  return true;
}

bool FileBrowser::enter(const std::string& entry) {
  const fs::path here(directory_);
  return list((entry == ".." ? here.parent_path() : here / entry).string());
}

bool FileBrowser::goTo(const std::string& path) {
  const fs::path typed(path);
  return list((typed.is_absolute() ? typed : fs::path(directory_) / typed).string());
}

std::string FileBrowser::chosenPath() const {
  if (name.empty()) return "";
  const fs::path typed(name);
  return (typed.is_absolute() ? typed : fs::path(directory_) / typed).lexically_normal().string();
}

std::string FileBrowser::checkChosen() const {
  const std::string path = chosenPath();
  if (path.empty()) return "no file name";
  std::error_code ec;
  if (fs::is_directory(path, ec)) return quoted(path) + " is a directory";
  if (mode_ == BrowseMode::OpenScene && !fs::is_regular_file(path, ec)) return quoted(path) + " does not exist";
  if (mode_ != BrowseMode::OpenScene && !fs::is_directory(fs::path(path).parent_path(), ec))
    return "the directory of " + quoted(path) + " does not exist";
  return "";
}

}  // namespace articulab::gui
