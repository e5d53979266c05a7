#include "engine/io/import_report.hpp"

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace articulab {

namespace fs = std::filesystem;

void ImportReport::note(const tinyxml2::XMLElement& element, const std::string& message) {
  lines_.push_back(file_->where(element) + ": " + xml_io::XmlFile::describe(element) + ": " + message);
}

namespace {

std::vector<std::string> searchFolders(const ImportOptions& options) {
  std::vector<std::string> folders = options.packagePaths;
  if (const char* ros = std::getenv("ROS_PACKAGE_PATH")) {
    std::stringstream list(ros);
    for (std::string folder; std::getline(list, folder, ':');)
      if (!folder.empty()) folders.push_back(folder);
  }
  return folders;
}

bool isFile(const fs::path& path) {
  std::error_code code;
  return fs::is_regular_file(path, code);
}

}  // namespace

std::string resolveMeshPath(const std::string& name, const std::string& base, const ImportOptions& options) {
  const std::vector<std::string> folders = searchFolders(options);
  const std::string packagePrefix = "package://", filePrefix = "file://";
  if (name.rfind(packagePrefix, 0) == 0) {
    const std::string rest = name.substr(packagePrefix.size());
    const std::size_t slash = rest.find('/');
    const std::string package = rest.substr(0, slash), inside = slash == std::string::npos ? "" : rest.substr(slash + 1);
    std::vector<std::string> candidates = folders;
    candidates.push_back(base);
    candidates.push_back(fs::path(base).parent_path().string());  // a model in PACKAGE/urdf/
    for (const std::string& folder : candidates) {
      if (isFile(fs::path(folder) / package / inside)) return (fs::path(folder) / package / inside).string();
      if (fs::path(folder).filename() == package && isFile(fs::path(folder) / inside))
        return (fs::path(folder) / inside).string();
    }
    return "";
  }
  const fs::path path(name.rfind(filePrefix, 0) == 0 ? name.substr(filePrefix.size()) : name);
  if (path.is_absolute()) return isFile(path) ? path.string() : "";
  if (isFile(fs::path(base) / path)) return (fs::path(base) / path).string();
  for (const std::string& folder : folders)
    if (isFile(fs::path(folder) / path)) return (fs::path(folder) / path).string();
  return "";
}

}  // namespace articulab
