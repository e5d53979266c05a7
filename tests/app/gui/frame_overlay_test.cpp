// articulab record --overlay (app/video/frame_overlay.hpp): the time stamp and the run's label
// are drawn into the frame's top-left corner and nowhere else, and each recorded frame carries
// its own time. Oracle: the same frame recorded without the overlay (PNG is lossless).
#include <gtest/gtest.h>
#include <unistd.h>

#include <stb/stb_image.h>

#include <filesystem>

#include "app/video/frame_overlay.hpp"
#include "app/video/png_sequence.hpp"
#include "app/video/video_recorder.hpp"

namespace articulab::video {
namespace {

RgbImage greyImage(int width, int height, std::uint8_t level) {
  RgbImage image;
  image.resize(width, height);
  std::fill(image.pixels.begin(), image.pixels.end(), level);
  return image;
}

// Pixels that differ between a and b inside [x0, x1) x [y0, y1).
long differing(const RgbImage& a, const RgbImage& b, int x0, int y0, int x1, int y1) {
  long count = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      const std::size_t i = 3 * (static_cast<std::size_t>(y) * a.width + x);
      if (a.pixels[i] != b.pixels[i] || a.pixels[i + 1] != b.pixels[i + 1] || a.pixels[i + 2] != b.pixels[i + 2])
        ++count;
    }
  return count;
}

RgbImage readPng(const std::string& path) {
  int width = 0, height = 0, channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &width, &height, &channels, 3);
  RgbImage image;
  if (!data) return image;
  image.resize(width, height);
  std::copy(data, data + image.pixels.size(), image.pixels.begin());
  stbi_image_free(data);
  return image;
}

TEST(FrameOverlay, DrawsTheTimeAndLabelInTheTopLeftCornerOnly) {
  const RgbImage plain = greyImage(1280, 720, 100);
  RgbImage overlaid = plain;
  drawOverlay(overlaid, {overlayTimeText(1.25), "four_bar.json: redmax semi-implicit, dt 0.001 s"});
  EXPECT_EQ(overlayTimeText(1.25), "t = 1.250 s");
  EXPECT_GT(differing(plain, overlaid, 0, 0, 640, 120), 20000);  // the darkened box and the letters
  EXPECT_EQ(differing(plain, overlaid, 0, 120, 1280, 720), 0);
  EXPECT_EQ(differing(plain, overlaid, 640, 0, 1280, 720), 0);
  long letters = 0;  // light pixels on the grey: the glyphs
  for (std::size_t i = 0; i < overlaid.pixels.size(); i += 3) letters += overlaid.pixels[i] > 200;
  EXPECT_GT(letters, 1000);
  RgbImage later = plain;
  drawOverlay(later, {overlayTimeText(1.5), "four_bar.json: redmax semi-implicit, dt 0.001 s"});
  EXPECT_GT(differing(overlaid, later, 0, 0, 640, 120), 0);  // the time stamps differ
}

TEST(FrameOverlay, EachRecordedFrameCarriesItsOwnTime) {
  const auto dir = std::filesystem::temp_directory_path() / ("articulab_overlay_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const RgbImage grabbed = greyImage(640, 360, 90);
  std::string error;
  auto record = [&](const std::string& name, bool overlay) {
    RecordSettings settings;
    settings.pngDir = (dir / name).string();
    settings.fps = 30;
    settings.overlay = overlay;
    settings.overlayLabel = "chain.json: redmax semi-implicit, dt 0.001 s";
    VideoRecorder recorder;
    ASSERT_TRUE(recorder.start(settings, grabbed.width, grabbed.height, 0.0, error)) << error;
    ASSERT_TRUE(recorder.addFrame(grabbed, 2, error)) << error;  // frames at t = 0 and 1/30 s
    ASSERT_TRUE(recorder.stop(error)) << error;
  };
  record("plain", false);
  record("overlay", true);
  const RgbImage plain = readPng(pngFramePath((dir / "plain").string(), 0));
  const RgbImage first = readPng(pngFramePath((dir / "overlay").string(), 0));
  const RgbImage second = readPng(pngFramePath((dir / "overlay").string(), 1));
  ASSERT_EQ(plain.width, 640);
  ASSERT_EQ(first.width, 640);
  ASSERT_EQ(second.width, 640);
  EXPECT_EQ(differing(plain, first, 0, 0, 640, 360), differing(plain, first, 0, 0, 320, 60));  // top left only
  EXPECT_GT(differing(plain, first, 0, 0, 320, 60), 5000);
  EXPECT_GT(differing(first, second, 0, 0, 320, 60), 0);  // t = 0.000 s, then t = 0.033 s
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace articulab::video
