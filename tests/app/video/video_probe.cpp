// video_probe FILE [--frame K --png OUT.png]...: decodes FILE with libavformat (video_decode.hpp)
// and prints {"codec": ..., "width": ..., "height": ..., "fps": ..., "frames": ...} as JSON;
// each --frame K --png OUT writes decoded frame K as a PNG (for check_gui.py's video case).
#include <stb/stb_image_write.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/app/video/video_decode.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: video_probe FILE [--frame K --png OUT.png]...\n");
    return 2;
  }
  std::vector<long> frames;
  std::vector<std::string> pngs;
  for (int i = 2; i + 3 < argc + 1; i += 4) {
    if (std::string(argv[i]) != "--frame" || std::string(argv[i + 2]) != "--png") {
      std::fprintf(stderr, "video_probe: expected --frame K --png OUT.png\n");
      return 2;
    }
    frames.push_back(std::atol(argv[i + 1]));
    pngs.push_back(argv[i + 3]);
  }
  articulab::video::DecodedVideo video;
  std::string error;
  if (!articulab::video::decodeVideo(argv[1], frames, video, error)) {
    std::fprintf(stderr, "video_probe: %s\n", error.c_str());
    return 1;
  }
  std::printf("{\"codec\": \"%s\", \"width\": %d, \"height\": %d, \"fps\": %.6f, \"frames\": %ld}\n",
              video.codec.c_str(), video.width, video.height, video.fps, video.frames);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const articulab::video::RgbImage& image = video.kept[i];
    if (image.width == 0) {
      std::fprintf(stderr, "video_probe: no frame %ld (the video has %ld)\n", frames[i], video.frames);
      return 1;
    }
    if (!stbi_write_png(pngs[i].c_str(), image.width, image.height, 3, image.pixels.data(), 3 * image.width)) {
      std::fprintf(stderr, "video_probe: cannot write %s\n", pngs[i].c_str());
      return 1;
    }
  }
  return 0;
}
