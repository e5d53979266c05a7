#include "app/cli/output_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "app/cli/commands.hpp"

namespace articulab::cli {

namespace {

std::string reason(int error) { return error != 0 ? std::strerror(error) : "the write failed"; }

bool sameFile(const std::string& a, const std::string& b) {
  std::error_code ignored;
  return std::filesystem::equivalent(a, b, ignored);
}

}  // namespace

OutputFile::OutputFile(std::string flag, std::string path, const std::vector<std::string>& inputs)
    : flag_(std::move(flag)), path_(std::move(path)) {
  if (path_.empty()) throw UsageError(flag_ + ": expected a file path, got ''");
  for (const std::string& input : inputs)
    if (sameFile(path_, input))
      throw UsageError(flag_ + ": '" + path_ + "' is the input " + input + "; write the output to another file");
  errno = 0;
  std::ofstream probe(path_, std::ios::app);  // creates the file without truncating an existing one yet
  if (!probe) throw UsageError(flag_ + ": cannot write '" + path_ + "': " + reason(errno));
}

void OutputFile::write(const std::function<void(std::ostream&)>& content) const {
  errno = 0;
  std::ofstream file(path_, std::ios::trunc);
  if (!file) throw UsageError(flag_ + ": cannot write '" + path_ + "': " + reason(errno));
  content(file);
  file.flush();
  const int flushError = file ? 0 : errno;
  file.close();
  if (!file || flushError != 0 || file.fail())
    throw UsageError(flag_ + ": writing '" + path_ + "' failed: " + reason(flushError != 0 ? flushError : errno));
}

}  // namespace articulab::cli
