#include "app/gui/default_file_name.hpp"

#include <cctype>
#include <ctime>

namespace articulab::gui {

std::string timestampedFileName(const std::string& sceneName, const std::string& extension) {
  std::string name;
  for (char c : sceneName) name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  if (name.empty()) name = "articulab";
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  return name + "_" + stamp + extension;
}

}  // namespace articulab::gui
