#include "app/gui/panel_geometry.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::gui {

PanelLayout fitLayout(PanelLayout layout, float width, float height, float top) {
  const float below = std::max(1.0f, height - top);
  width = std::max(1.0f, width);
  if (layout.columnWidth != layout.fittedColumnWidth) layout.columnShare = layout.columnWidth / width;
  if (layout.plotsHeight != layout.fittedPlotsHeight) layout.plotsShare = layout.plotsHeight / below;
  const float minColumn = kMinColumnWidth * layout.scale;
  const float maxColumn = std::max(minColumn, std::min(kMaxColumnShare * width, width - kMinViewWidth * layout.scale));
  layout.columnShare = std::clamp(layout.columnShare, 0.0f, kMaxColumnShare);
  layout.columnWidth = std::floor(std::clamp(layout.columnShare * width, minColumn, maxColumn));
  const float minPlots = kMinPlotsHeight * layout.scale;
  const float maxPlots = std::max(minPlots, below - kMinControlsHeight * layout.scale);
  layout.plotsShare = std::clamp(layout.plotsShare, 0.0f, 1.0f);
  layout.plotsHeight = std::floor(std::clamp(layout.plotsShare * below, minPlots, maxPlots));
  layout.fittedColumnWidth = layout.columnWidth;
  layout.fittedPlotsHeight = layout.plotsHeight;
  return layout;
}

PanelRects panelRects(const PanelLayout& fitted, float width, float height, float top) {
  const float left = width - fitted.columnWidth;
  PanelRects rects;
  rects.view = {0.0f, top, std::max(1.0f, left), std::max(1.0f, height - top)};
  rects.plots = {left, top, fitted.columnWidth, fitted.plotsHeight};
  rects.controls = {left, top + fitted.plotsHeight, fitted.columnWidth, std::max(0.0f, height - top - fitted.plotsHeight)};
  return rects;
}

}  // namespace articulab::gui
