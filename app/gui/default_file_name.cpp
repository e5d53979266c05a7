#include "app/gui/default_file_name.hpp"

#include <cctype>
#include <ctime>

namespace articulab::gui {

namespace {

std::string fileSafe(const std::string& sceneName) {
  std::string name;
  for (char c : sceneName) name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  return name.empty() ? "articulab" : name;
}

}  // namespace

std::string editedSceneFileName(const std::string& sceneName) {
  const std::string name = fileSafe(sceneName), suffix = "_edited";
  const bool edited = name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
  return (edited ? name : name + suffix) + ".json";
}

std::string timestampedFileName(const std::string& sceneName, const std::string& extension) {
  const std::string name = fileSafe(sceneName);
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  return name + "_" + stamp + extension;
}

}  // namespace articulab::gui
