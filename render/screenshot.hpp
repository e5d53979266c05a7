// Reads the back buffer of the default framebuffer and writes it as a PNG.
#pragma once

#include <string>

namespace articulab::render {

// Call after drawing and before swapping buffers. False and an error naming the file on failure.
bool writeBackBufferPng(const std::string& pngPath, int width, int height, std::string& error);

}  // namespace articulab::render
