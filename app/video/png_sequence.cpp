#include "app/video/png_sequence.hpp"

#include <stb/stb_image_write.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace articulab::video {

namespace {

class PngSequence final : public FrameSink {
 public:
  explicit PngSequence(std::string directory) : directory_(std::move(directory)) {}

  bool write(const RgbImage& frame, std::string& error) override {
    const std::string path = pngFramePath(directory_, next_);
    if (stbi_write_png(path.c_str(), frame.width, frame.height, 3, frame.pixels.data(), 3 * frame.width) == 0) {
      error = path + ": cannot write the PNG frame (disk full or directory removed?)";
      return false;
    }
    ++next_;
    return true;
  }
  bool finish(std::string&) override { return true; }
  std::string format() const override { return "PNG sequence"; }

 private:
  std::string directory_;
  long next_ = 0;
};

}  // namespace

std::string pngFramePath(const std::string& directory, long index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%05ld.png", index);
  return (std::filesystem::path(directory) / name).string();
}

std::unique_ptr<FrameSink> openPngSequence(const std::string& directory, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (ec || !std::filesystem::is_directory(directory)) {
    error = directory + ": cannot create the directory for the PNG frames (" +
            (ec ? ec.message() : std::string("a file of that name exists")) + ")";
    return nullptr;
  }
  const std::filesystem::path probe = std::filesystem::path(directory) / ".articulab_write_test";
  if (!std::ofstream(probe)) {
    error = directory + ": the directory is not writable";
    return nullptr;
  }
  std::filesystem::remove(probe, ec);
  return std::make_unique<PngSequence>(directory);
}

}  // namespace articulab::video
