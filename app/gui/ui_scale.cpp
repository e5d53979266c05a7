#include "app/gui/ui_scale.hpp"

#include <glad/gl.h>
// glad first: GLFW must not include the system OpenGL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>

namespace articulab::gui {

namespace {

float appliedScale = 1.0f;  // UiScaler::apply's last scale; ImGui's context is one per process too

}  // namespace

float uiPixels(float pixels) { return pixels * appliedScale; }

float monitorContentScale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  if (window) glfwGetWindowContentScale(window, &x, &y);
  const float scale = std::max(x, y);
  return scale > 0.0f ? std::clamp(scale, kMinUiScale, kMaxUiScale) : 1.0f;
}

void UiScaler::apply(float scale) {
  if (scale == applied_) return;
  const bool first = applied_ == 0.0f;
  if (first) base_ = ImGui::GetStyle();
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  if (std::filesystem::exists(font)) {
    io.Fonts->AddFontFromFileTTF(font, kFontPixels * scale);
  } else {
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&config);
  }
  ImGui::GetStyle() = base_;
  ImGui::GetStyle().ScaleAllSizes(scale);
  applied_ = scale;
  appliedScale = scale;
  // Before the first frame the renderer back-end makes the texture itself (ImGui_ImplOpenGL3_NewFrame).
  if (!first || deviceMade_) remakeAtlasTexture();
}

void UiScaler::sampleNearest() {
  nearest_ = true;
  if (!deviceMade_) ImGui_ImplOpenGL3_CreateDeviceObjects();  // the shaders (once) and the font texture
  deviceMade_ = true;
  sampleAtlas();
}

void UiScaler::remakeAtlasTexture() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  sampleAtlas();
}

void UiScaler::sampleAtlas() {
  if (!nearest_) return;
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(ImGui::GetIO().Fonts->TexID)));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace articulab::gui
