// Where the 3D view, the plots and the controls go in a window of a given size: pure arithmetic
// on PanelLayout (ui_state.hpp), with no ImGui, so that tests can measure the shares.
#pragma once

#include "app/gui/ui_state.hpp"
#include "app/gui/viewport_input.hpp"

namespace articulab::gui {

// Minimum sizes at UI scale 1 (pixels), and the column's widest share of the window.
constexpr float kMinColumnWidth = 420.0f, kMinPlotsHeight = 120.0f, kMinControlsHeight = 120.0f;
constexpr float kMinViewWidth = 200.0f, kMaxColumnShare = 0.45f;

// The layout for a width x height window whose menu bar is `top` pixels tall. A column width or
// plots height that differs from the last fit was dragged by the user (or asked for by a pane):
// its share follows it. The pixels are then the shares of this window, clamped to the minimum
// sizes (times layout.scale) and whole.
PanelLayout fitLayout(PanelLayout layout, float width, float height, float top);

// The three areas of the window (pixels, y down) for a fitted layout.
struct PanelRects {
  ViewRegion view, plots, controls;
};
PanelRects panelRects(const PanelLayout& fitted, float width, float height, float top);

}  // namespace articulab::gui
