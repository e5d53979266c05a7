// A file a command writes (--csv and the like). Checked before any work: a path that is empty,
// that names one of the command's inputs, or that cannot be created is refused at once, so a long
// run never ends in a write that fails or replaces its own scene. Written at the end with every
// write, the flush and the close checked; a failure names the path and the reason (exit code 2).
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace articulab::cli {

class OutputFile {
 public:
  // flag: how the command line named it ("--csv"); inputs: the files the command reads.
  OutputFile(std::string flag, std::string path, const std::vector<std::string>& inputs);
  const std::string& path() const { return path_; }
  // Writes the content; throws UsageError naming the flag, the path and the reason on failure.
  void write(const std::function<void(std::ostream&)>& content) const;

 private:
  std::string flag_, path_;
};

}  // namespace articulab::cli
