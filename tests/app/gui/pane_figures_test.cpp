// The plot panes as figures (app/gui/pane_figures.hpp): a joint-channel pane exported over the
// whole run draws the very values `articulab run --record q` writes (the engine's recorder, to
// 1e-12), as valid PNG, SVG and PDF files and a CSV of the CLI's columns; a phase pane exports
// as one curve; the pane's axis scale follows known data (a series at 1e-13 shows at 1e-13 on
// the log axis, a sign-changing one on symlog spans both signs).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <unistd.h>

#include "app/gui/pane_figures.hpp"
#include "engine/io/scene_loader.hpp"
#include "engine/run/run.hpp"
#include "gui_test_paths.hpp"

namespace articulab::gui {
namespace pane_figures_test {  // named: the unity build puts other tests' helpers beside these

std::string readFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
};

Csv parseCsv(std::istream& in) {
  Csv csv;
  std::string line, cell;
  std::getline(in, line);
  for (std::stringstream cells(line); std::getline(cells, cell, ',');) csv.header.push_back(cell);
  while (std::getline(in, line)) {
    std::vector<double>& row = csv.rows.emplace_back();
    for (std::stringstream cells(line); std::getline(cells, cell, ',');) row.push_back(std::stod(cell));
  }
  return csv;
}

std::size_t columnOf(const Csv& csv, const std::string& header) {
  for (std::size_t c = 0; c < csv.header.size(); ++c)
    if (csv.header[c] == header) return c;
  ADD_FAILURE() << "no column " << header;
  return 0;
}

void expectFigureFiles(const std::string& base) {
  const std::string png = readFile(base + ".png"), svg = readFile(base + ".svg"), pdf = readFile(base + ".pdf");
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << base << ".png";
  EXPECT_NE(png.find("IEND"), std::string::npos) << base << ".png ends";
  EXPECT_NE(svg.find("<svg"), std::string::npos) << base << ".svg";
  EXPECT_NE(svg.find("</svg>"), std::string::npos) << base << ".svg is whole";
  EXPECT_NE(svg.find("<polyline"), std::string::npos) << base << ".svg draws the curve";
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-") << base << ".pdf";
  EXPECT_NE(pdf.find("%%EOF"), std::string::npos) << base << ".pdf is whole";
}

class PaneExport : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("articulab_pane_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

TEST_F(PaneExport, JointChannelFigureEqualsTheRecordedCsv) {
  const std::string scene = test::kSource + "/scenes/four_bar.json";
  constexpr long kSteps = 600;
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(scene, {}, "", error)) << error;
  ASSERT_TRUE(sim.advance(kSteps, error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  ChannelPanes panes;
  const std::string q = "q_crank_pivot_0", qd = "qd_crank_pivot_0";
  ASSERT_EQ(panes.add(panes.catalog(*snap.model, snap.modelVersion), q), "");
  ASSERT_EQ(panes.add(panes.catalog(*snap.model, snap.modelVersion), qd, q), "");
  sim.updateChannels(panes.recording);
  const PaneFigureLabels labels{"four-bar", "redmax, rk4, dt 0.001 s"};
  ASSERT_TRUE(exportPane(panes.recording, panes.panes()[0], labels, path("pane1"), error)) << error;
  ASSERT_TRUE(exportPane(panes.recording, panes.panes()[1], labels, path("pane2"), error)) << error;
  expectFigureFiles(path("pane1"));
  expectFigureFiles(path("pane2"));

  // `articulab run four_bar.json --record q` over the same steps: the engine's recorder.
  articulab::Run run(std::make_shared<const Model>(loadScene(scene)));
  run.record(RecorderColumns{{"q", "qd"}}, 1);
  ASSERT_EQ(run.advance(kSteps), kSteps);
  run.finishRecording();
  std::stringstream cliText;
  run.recorder()->writeCsv(cliText);
  const Csv cli = parseCsv(cliText);
  std::map<double, std::size_t> cliRow;
  for (std::size_t r = 0; r < cli.rows.size(); ++r) cliRow[cli.rows[r][0]] = r;

  // The figure draws its plot's channel of the series over the whole run.
  const TimeSeries& series = panes.recording.series;
  const Figure figure = paneFigure(series, panes.panes()[0], panes.recording.column(q), labels);
  ASSERT_EQ(figure.plots.size(), 1u);
  EXPECT_EQ(figure.time.lo, 0.0) << "the whole run, not the window shown";
  EXPECT_EQ(figure.time.hi, snap.state.t);
  const std::size_t drawn = figure.plots[0].series[0].channel;
  const std::size_t cliQ = columnOf(cli, q + " [rad]");
  int compared = 0;
  for (std::size_t r = 0; r < series.size(); ++r) {
    const auto match = cliRow.find(series.time(r));
    if (match == cliRow.end()) continue;
    EXPECT_NEAR(series.value(r, drawn), cli.rows[match->second][cliQ], 1e-12) << "t = " << series.time(r);
    ++compared;
  }
  EXPECT_GT(compared, 100);

  // The pane's CSV: t and its channels, the CLI's headers, the figure's rows.
  std::ifstream paneFile(path("pane2.csv"));
  const Csv pane = parseCsv(paneFile);
  EXPECT_EQ(pane.header, (std::vector<std::string>{"t [s]", qd + " [rad/s]", q + " [rad]"}));
  ASSERT_EQ(pane.rows.size(), series.size());
  const std::size_t cliQd = columnOf(cli, qd + " [rad/s]");
  for (std::size_t r = 0; r < pane.rows.size(); ++r) {
    const std::size_t c = cliRow.at(pane.rows[r][0]);
    EXPECT_NEAR(pane.rows[r][1], cli.rows[c][cliQd], 1e-12);
    EXPECT_NEAR(pane.rows[r][2], cli.rows[c][cliQ], 1e-12);
  }
  // The phase figure is the same rows as one curve.
  const figures::XYFigure phase =
      phaseFigure(series, panes.panes()[1], panes.recording.column(q), panes.recording.column(qd), labels);
  ASSERT_EQ(phase.lines.size(), 1u);
  ASSERT_EQ(phase.lines[0].x.size(), series.size());
  EXPECT_FALSE(phase.lines[0].markers);
  EXPECT_EQ(phase.lines[0].y.back(), pane.rows.back()[1]);
}

TEST_F(PaneExport, UnknownPaneOrScaleIsRefusedWithTheReason) {
  const Model model = loadScene(test::kSource + "/scenes/four_bar.json");
  ChannelPanes panes;
  ASSERT_EQ(panes.add(panes.catalog(model, 1), "q_crank_pivot_0"), "");
  EXPECT_EQ(panes.setScale(2, "log"), "no plot pane 2 (there are 1, numbered from 1)");
  EXPECT_EQ(panes.setScale(1, "logarithmic"), "unknown axis scale 'logarithmic' (expected linear, log or symlog)");
  EXPECT_EQ(panes.setScale(1, "symlog"), "");
  EXPECT_EQ(panes.panes()[0].scale, AxisScale::SymLog);
  std::string error;
  EXPECT_FALSE(exportPane(panes.recording, panes.panes()[0], {}, path("none"), error));
  EXPECT_NE(error.find("'q_crank_pivot_0': the channel is not in this model"), std::string::npos) << error;
}

// A recording of known values: column 1 at 1e-13 .. 1e-11 m (a drift), column 2 a sine of
// amplitude 3 about zero.
TimeSeries knownSeries() {
  TimeSeries data({{"t", "s", "t"}, {"drift", "m", "drift"}, {"wave", "rad", "wave"}}, 1024);
  for (int i = 0; i <= 1000; ++i) {
    const double t = i * 1e-3;
    const double row[3] = {t, 1e-13 * std::pow(100.0, t), 3.0 * std::sin(6.0 * t)};
    data.push(row);
  }
  return data;
}

TEST(PaneScale, TheRangeFollowsKnownDataOnEveryScale) {
  const TimeSeries data = knownSeries();
  const AxisRange whole = recordedTimeRange(data, INFINITY);
  PlotPane pane{"drift", "", PlotView{}};
  pane.scale = AxisScale::Log;
  const ValueAxis log = autoscaleAxis(data, paneSpec(pane, 1), whole, 0.05);
  EXPECT_EQ(log.scale.kind, AxisScale::Log);
  EXPECT_LE(log.range.lo, -13.0) << "1e-13 shows at 1e-13, no floor at 1e-9";
  EXPECT_GT(log.range.lo, -13.5);
  EXPECT_GE(log.range.hi, -11.0);
  EXPECT_LT(log.range.hi, -10.5);

  pane.scale = AxisScale::Linear;
  const ValueAxis linear = autoscaleAxis(data, paneSpec(pane, 2), whole, 0.05);
  EXPECT_LE(linear.range.lo, -3.0 + 1e-9);
  EXPECT_GE(linear.range.hi, 3.0 - 1e-9);
  EXPECT_LT(linear.range.hi - linear.range.lo, 6.0 * 1.3) << "padded by the margin, not more";

  pane.scale = AxisScale::SymLog;
  const ValueAxis symlog = autoscaleAxis(data, paneSpec(pane, 2), whole, 0.05);
  EXPECT_EQ(symlog.scale.kind, AxisScale::SymLog);
  EXPECT_LE(symlog.range.lo, symlog.scale.toAxis(-3.0 + 1e-9)) << "both signs of the sine shown";
  EXPECT_GE(symlog.range.hi, symlog.scale.toAxis(3.0 - 1e-9));
  EXPECT_NEAR(symlog.scale.fromAxis(symlog.scale.toAxis(-2.5)), -2.5, 1e-12);

  // A window of the drift: the range follows the data shown (t in [0, 0.5]: 1e-13 .. 1e-12).
  pane.scale = AxisScale::Log;
  const ValueAxis early = autoscaleAxis(data, paneSpec(pane, 1), AxisRange{0.0, 0.5}, 0.05);
  EXPECT_LT(early.range.hi, -11.5);
}

}  // namespace pane_figures_test
}  // namespace articulab::gui
