// Helpers of the study tests: a study file written to a fresh temporary folder.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace articulab::study::test {

inline std::string sourceDir() { return ARTICULAB_SOURCE_DIR; }

// A fresh folder under the system's temporary folder, removed first when it exists.
inline std::string freshFolder(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("articulab-study-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

inline std::string writeStudy(const std::string& folder, const std::string& text) {
  const std::string path = folder + "/study.json";
  std::ofstream(path) << text;
  return path;
}

}  // namespace articulab::study::test
