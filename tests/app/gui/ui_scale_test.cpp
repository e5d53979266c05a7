// View > UI scale (app/gui/ui_scale.hpp): the fixed sizes of fields and windows (uiPixels) follow
// the scale applied, as the font and the style do.
#include "app/gui/ui_scale.hpp"

#include <gtest/gtest.h>

namespace articulab::gui {
namespace {

TEST(UiScale, FixedSizesGrowWithTheScaleApplied) {
  ImGui::CreateContext();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  {
    UiScaler scaler;  // the first apply needs no GL: the renderer makes the font texture later
    scaler.apply(1.5f);
    EXPECT_FLOAT_EQ(uiPixels(120.0f), 180.0f);
    EXPECT_FLOAT_EQ(uiPixels(-90.0f), -135.0f);
    EXPECT_FLOAT_EQ(ImGui::GetStyle().ItemSpacing.x, 1.5f * spacing);
  }
  {
    UiScaler scaler;
    scaler.apply(1.0f);
    EXPECT_FLOAT_EQ(uiPixels(120.0f), 120.0f);
  }
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace articulab::gui
