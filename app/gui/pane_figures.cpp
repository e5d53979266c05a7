#include "app/gui/pane_figures.hpp"

#include <algorithm>
#include <cmath>

namespace articulab::gui {

namespace {

std::string paneTitle(const TimeSeries& series, std::size_t yColumn, std::size_t xColumn = 0) {
  const std::string y = channelHeader(series.channels()[yColumn]);
  return xColumn == 0 ? y : y + "  against  " + channelHeader(series.channels()[xColumn]);
}

std::string figureTitleOf(const PaneFigureLabels& labels, const std::string& pane) {
  return labels.scene.empty() ? pane : labels.scene + ": " + pane;
}

}  // namespace

PlotSpec paneSpec(const PlotPane& pane, std::size_t yColumn) {
  PlotSpec spec{pane.y, "", {{yColumn, kPaneColour}}};
  spec.scale = pane.scale;
  return spec;
}

Figure paneFigure(const TimeSeries& series, const PlotPane& pane, std::size_t yColumn, const PaneFigureLabels& labels) {
  Figure figure;
  figure.title = figureTitleOf(labels, paneTitle(series, yColumn));
  figure.subtitle = labels.run;
  figure.plots = {paneSpec(pane, yColumn)};
  figure.time = recordedTimeRange(series, INFINITY);
  return figure;
}

figures::XYFigure phaseFigure(const TimeSeries& series, const PlotPane& pane, std::size_t xColumn, std::size_t yColumn,
                              const PaneFigureLabels& labels) {
  figures::XYFigure figure;
  figure.title = figureTitleOf(labels, paneTitle(series, yColumn, xColumn));
  figure.subtitle = labels.run;
  figure.xLabel = channelHeader(series.channels()[xColumn]);
  figure.yLabel = channelHeader(series.channels()[yColumn]);
  figure.xScale = figure.yScale = pane.scale;
  figures::XYLine line{pane.y, kPaneColour, {}, {}};
  line.markers = false;
  for (std::size_t r = 0; r < series.size(); ++r) {
    line.x.push_back(series.value(r, xColumn));
    line.y.push_back(series.value(r, yColumn));
  }
  figure.lines.push_back(std::move(line));
  return figure;
}

TimeSeries paneSeries(const ChannelRecording& recording, const PlotPane& pane) {
  const TimeSeries& all = recording.series;
  std::vector<std::size_t> columns = {0};
  for (const std::string* name : {&pane.y, &pane.x})
    if (const int c = recording.column(*name); !name->empty() && c > 0) columns.push_back(static_cast<std::size_t>(c));
  std::vector<Channel> channels;
  for (std::size_t c : columns) channels.push_back(all.channels()[c]);
  TimeSeries out(std::move(channels), std::max<std::size_t>(1, all.size()));
  std::vector<double> row(columns.size());
  for (std::size_t r = 0; r < all.size(); ++r) {
    for (std::size_t i = 0; i < columns.size(); ++i) row[i] = all.value(r, columns[i]);
    out.push(row.data());
  }
  return out;
}

bool exportPane(const ChannelRecording& recording, const PlotPane& pane, const PaneFigureLabels& labels,
                const std::string& base, std::string& error) {
  const int y = recording.column(pane.y), x = pane.x.empty() ? 0 : recording.column(pane.x);
  if (y < 0 || x < 0) {
    error = "plot pane of '" + (y < 0 ? pane.y : pane.x) + "': the channel is not in this model";
    return false;
  }
  const TimeSeries& series = recording.series;
  for (const char* ext : {".png", ".svg", ".pdf"}) {
    const bool written =
        x == 0 ? exportFigure(base + ext, series, paneFigure(series, pane, static_cast<std::size_t>(y), labels), error)
               : figures::exportXYFigure(base + ext,
                                         phaseFigure(series, pane, static_cast<std::size_t>(x), static_cast<std::size_t>(y), labels),
                                         error);
    if (!written) return false;
  }
  return writeCsv(paneSeries(recording, pane), base + ".csv", error);
}

}  // namespace articulab::gui
