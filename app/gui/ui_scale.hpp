// View > UI scale: the font drawn at its size times the scale and the style's sizes (padding,
// spacing, rounding, scrollbars) multiplied by it. The default is the monitor's content scale
// (GLFW), 1 on a plain 96 dpi screen and under Xvfb.
#pragma once

#include <imgui.h>

struct GLFWwindow;

namespace articulab::gui {

// The choices of the View menu; UiState::uiScale 0 stands for the monitor's.
constexpr float kUiScales[] = {0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f};
constexpr float kMinUiScale = 0.5f, kMaxUiScale = 3.0f;

// The window's monitor content scale (the larger of x and y), 1 when GLFW does not know it.
float monitorContentScale(GLFWwindow* window);

// A fixed size in pixels at 100 % (a field's or a window's width) in the UI scale applied last,
// so that fixed sizes grow with the font.
float uiPixels(float pixels);

class UiScaler {
 public:
  // The font (DejaVu Sans at kFontPixels times `scale`, ImGui's own font when it is missing) and
  // the style, from the style in use at the first call. Between frames only (it rebuilds the font
  // atlas and, once the first frame made it, its texture); nothing when `scale` is the one applied.
  void apply(float scale);
  // Software GL: the font atlas is sampled nearest (text is drawn 1:1 to pixels, so it looks the
  // same and costs llvmpipe less per pixel), now and after each rebuild.
  void sampleNearest();
  float applied() const { return applied_; }

  static constexpr float kFontPixels = 15.0f;

 private:
  void remakeAtlasTexture();
  void sampleAtlas();

  ImGuiStyle base_;
  float applied_ = 0.0f;  // 0: nothing applied yet
  bool deviceMade_ = false, nearest_ = false;
};

}  // namespace articulab::gui
