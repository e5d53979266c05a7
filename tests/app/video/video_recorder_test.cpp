// Video recording (app/video): resampling and row flips against hand-computed pixels, the
// simulated-time frame schedule, the PNG fallback, and the MP4 encoder against FFmpeg's own
// decoder (frame count, size, codec, and a frame's colours back to within the YUV 4:2:0 error).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/video/frame_grabber.hpp"
#include "app/video/png_sequence.hpp"
#include "app/video/video_encoder.hpp"
#include "app/video/video_recorder.hpp"
#include "tests/app/video/video_decode.hpp"

namespace articulab::video {
namespace {

std::filesystem::path videoTestDir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("articulab_video_test_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

RgbImage solidImage(int width, int height, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  RgbImage image;
  image.resize(width, height);
  for (std::size_t i = 0; i < image.pixels.size(); i += 3) {
    image.pixels[i] = r;
    image.pixels[i + 1] = g;
    image.pixels[i + 2] = b;
  }
  return image;
}

// Left half red, right half blue, with a green bar in the top quarter.
RgbImage patternImage(int width, int height) {
  RgbImage image = solidImage(width, height, 0, 0, 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      std::uint8_t* p = &image.pixels[3 * (y * width + x)];
      p[0] = x < width / 2 ? 220 : 20;
      p[1] = y < height / 4 ? 200 : 30;
      p[2] = x < width / 2 ? 20 : 220;
    }
  return image;
}

TEST(VideoImage, ResampleKeepsAConstantImageAndCopiesTheSameSize) {
  RgbImage out;
  resampleBilinear(solidImage(7, 5, 10, 20, 30), 16, 12, out);
  ASSERT_EQ(out.width, 16);
  ASSERT_EQ(out.height, 12);
  for (std::size_t i = 0; i < out.pixels.size(); i += 3) ASSERT_EQ(out.pixels[i + 2], 30);
  const RgbImage pattern = patternImage(8, 4);
  resampleBilinear(pattern, 8, 4, out);
  EXPECT_EQ(out.pixels, pattern.pixels);
}

// 2 pixels wide, 0 and 200: doubled to 4, the centres at source x = -1/4, 1/4, 3/4, 5/4 give
// 0 (clamped), 50, 150, 200 (clamped).
TEST(VideoImage, ResampleInterpolatesBetweenPixelCentres) {
  RgbImage src = solidImage(2, 1, 0, 0, 0);
  src.pixels[3] = 200;
  RgbImage out;
  resampleBilinear(src, 4, 1, out);
  EXPECT_EQ(out.pixels[0], 0);
  EXPECT_EQ(out.pixels[3], 50);
  EXPECT_EQ(out.pixels[6], 150);
  EXPECT_EQ(out.pixels[9], 200);
}

TEST(VideoImage, FlipRowsPutsTheBottomRowOnTop) {
  RgbImage image = solidImage(2, 3, 0, 0, 0);
  for (int row = 0; row < 3; ++row) image.pixels[3 * 2 * row] = static_cast<std::uint8_t>(row + 1);
  flipRows(image);
  EXPECT_EQ(image.pixels[0], 3);
  EXPECT_EQ(image.pixels[6], 2);
  EXPECT_EQ(image.pixels[12], 1);
}

TEST(VideoSize, ParsesEvenSidesAndRefusesTheRest) {
  int w = 0, h = 0;
  std::string error;
  EXPECT_TRUE(parseVideoSize("320x240", w, h, error));
  EXPECT_EQ(w, 320);
  EXPECT_EQ(h, 240);
  for (const char* bad : {"321x240", "320", "8x8", "320x", "axb", "320x240x2", "9000x240"}) {
    EXPECT_FALSE(parseVideoSize(bad, w, h, error)) << bad;
    EXPECT_NE(error.find(bad), std::string::npos) << error;
  }
}

// The schedule: frame k at t0 + k/fps; a state shown past several frame times fills them all;
// back in time (or a jump of more than a second) starts a new stretch from the shown time.
TEST(VideoRecorder, FramesFollowSimulatedTime) {
  const auto dir = videoTestDir("schedule");
  RecordSettings settings;
  settings.pngDir = (dir / "frames").string();
  settings.fps = 10;
  VideoRecorder recorder;
  std::string error;
  ASSERT_TRUE(recorder.start(settings, 17, 16, 1.0, error)) << error;
  EXPECT_EQ(recorder.width(), 16);  // rounded down to even
  const RgbImage frame = solidImage(17, 16, 1, 2, 3);
  const double tol = 5e-4;
  auto take = [&](double t) {
    const long due = recorder.framesDue(t, tol);
    EXPECT_TRUE(recorder.addFrame(frame, due, error)) << error;
    return due;
  };
  EXPECT_EQ(take(1.0), 1);   // frame 0 at t0
  EXPECT_EQ(take(1.05), 0);
  EXPECT_EQ(take(1.0996), 1);  // frame 1 at 1.1, within half a step
  EXPECT_EQ(take(1.35), 2);    // frames 2 and 3 (1.2, 1.3)
  EXPECT_EQ(take(0.5), 1);     // reset: a new stretch from 0.5
  EXPECT_EQ(take(0.6), 1);
  EXPECT_EQ(take(5.0), 1);     // scrubbed on: one frame, a new stretch
  EXPECT_EQ(recorder.framesWritten(), 7);
  ASSERT_TRUE(recorder.stop(error)) << error;
  EXPECT_TRUE(std::filesystem::exists(pngFramePath(settings.pngDir, 6)));
  EXPECT_FALSE(std::filesystem::exists(pngFramePath(settings.pngDir, 7)));
  EXPECT_NE(recorder.status().find("wrote 7 frames (16x16, 10 fps)"), std::string::npos) << recorder.status();
  std::filesystem::remove_all(dir);
}

TEST(VideoRecorder, StopsAtTheFrameLimit) {
  const auto dir = videoTestDir("limit");
  RecordSettings settings;
  settings.pngDir = dir.string();
  settings.frameLimit = 3;
  VideoRecorder recorder;
  std::string error;
  ASSERT_TRUE(recorder.start(settings, 16, 16, 0.0, error)) << error;
  EXPECT_EQ(recorder.framesDue(0.5, 0.0), 3);  // 16 frames due, 3 allowed
}

TEST(VideoRecorder, RefusesUnwritablePathsAndBadSettingsWithTheReason) {
  VideoRecorder recorder;
  std::string error;
  RecordSettings settings;
  settings.path = "/proc/articulab_no_such_dir/run.mp4";
  EXPECT_FALSE(recorder.start(settings, 64, 48, 0.0, error));
  EXPECT_NE(error.find("/proc/articulab_no_such_dir/run.mp4: cannot write the file"), std::string::npos) << error;
  EXPECT_FALSE(recorder.recording());
  settings.path.clear();
  settings.pngDir = "/proc/articulab_no_such_dir";
  EXPECT_FALSE(recorder.start(settings, 64, 48, 0.0, error));
  EXPECT_NE(error.find("/proc/articulab_no_such_dir: cannot create the directory"), std::string::npos) << error;
  settings.fps = 0;
  EXPECT_FALSE(recorder.start(settings, 64, 48, 0.0, error));
  EXPECT_NE(error.find("frame rate must be 1 to 240 fps (got 0)"), std::string::npos) << error;
  settings.fps = 30;
  settings.width = 63;
  EXPECT_FALSE(recorder.start(settings, 64, 48, 0.0, error));
  EXPECT_NE(error.find("video size must be even"), std::string::npos) << error;
}

// Encoded and decoded by FFmpeg: as many frames as written, the size, H.264 where libavcodec
// has an encoder for it, and the colours back to within what 4:2:0 chroma and CRF 18 lose
// (checked away from the colour edges).
TEST(VideoEncoder, Mp4DecodesToTheFramesWritten) {
  const std::string encoder = availableVideoEncoder();
  if (encoder.empty()) GTEST_SKIP() << "no video encoder in this build";
  const auto dir = videoTestDir("encoder");
  const std::string path = (dir / "pattern.mp4").string();
  EncoderResult opened = openVideoFile(path, 64, 48, 25);
  ASSERT_TRUE(opened.sink) << opened.error;
  const RgbImage pattern = patternImage(64, 48);
  std::string error;
  for (int i = 0; i < 12; ++i) ASSERT_TRUE(opened.sink->write(pattern, error)) << error;
  ASSERT_TRUE(opened.sink->finish(error)) << error;
  DecodedVideo video;
  ASSERT_TRUE(decodeVideo(path, {0, 11}, video, error)) << error;
  EXPECT_EQ(video.frames, 12);
  EXPECT_EQ(video.width, 64);
  EXPECT_EQ(video.height, 48);
  EXPECT_NEAR(video.fps, 25.0, 1e-9);
  if (encoder.find("H.264") != std::string::npos) {
    EXPECT_EQ(video.codec, "h264");
  }
  ASSERT_EQ(video.kept[1].width, 64);
  for (int y : {4, 30, 44})
    for (int x : {8, 24, 40, 56})
      for (int c = 0; c < 3; ++c)
        EXPECT_NEAR(video.kept[1].pixels[3 * (y * 64 + x) + c], pattern.pixels[3 * (y * 64 + x) + c], 12)
            << "x " << x << " y " << y << " channel " << c;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace articulab::video
