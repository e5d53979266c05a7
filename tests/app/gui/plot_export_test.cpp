// Exported files: CSV with units in the header, PNG/PDF figures drawn by cairo and SVG written
// with its text as <text>, the back-end of each stretch of a switched run named on the plots.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "app/gui/figure_title.hpp"
#include "app/gui/plot_export.hpp"

namespace articulab::gui {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TimeSeries dampedOscillation() {
  TimeSeries data(sampleChannels(), 4096);
  for (int i = 0; i <= 2000; ++i) {
    double t = i * 1e-3, kinetic = std::exp(-t) * std::pow(std::sin(5.0 * t), 2.0);
    double potential = -1.0 + std::exp(-t) * std::pow(std::cos(5.0 * t), 2.0);
    double row[kChannelCount] = {t, kinetic, potential, kinetic + potential, 1e-12 * t, 0.0};
    data.push(row);
  }
  return data;
}

class ExportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("articulab_export_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

TEST_F(ExportTest, CsvHasUnitsInTheHeaderAndOneRowPerSampleThatReadsBack) {
  TimeSeries data = dampedOscillation();
  std::string error;
  ASSERT_TRUE(writeCsv(data, path("e.csv"), error)) << error;
  std::ifstream file(path("e.csv"));
  std::string header, line;
  std::getline(file, header);
  EXPECT_EQ(header, "t [s],kinetic [J],potential [J],total [J],drift_position [m],drift_rotation [rad]");
  std::size_t rows = 0;
  while (std::getline(file, line)) {
    std::stringstream cells(line);
    std::string cell;
    for (std::size_t c = 0; std::getline(cells, cell, ','); ++c) EXPECT_EQ(std::stod(cell), data.value(rows, c));
    ++rows;
  }
  EXPECT_EQ(rows, data.size());
}

TEST_F(ExportTest, FiguresAreValidPngSvgAndPdf) {
  TimeSeries data = dampedOscillation();
  Figure figure{"damped oscillation", standardPlots(), {0.0, 2.0}};
  std::string error;
  ASSERT_TRUE(exportFigureSet(path("plots"), data, figure, error)) << error;
  std::string png = readFile(path("plots.png")), svg = readFile(path("plots.svg")), pdf = readFile(path("plots.pdf"));
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
  EXPECT_NE(pdf.rfind("%%EOF"), std::string::npos);
  EXPECT_GT(pdf.rfind("%%EOF"), pdf.size() - 8);
}

TEST_F(ExportTest, UnknownFormatsAndUnwritablePathsAreReportedWithThePath) {
  TimeSeries data = dampedOscillation();
  Figure figure{"x", standardPlots(), {0.0, 1.0}};
  std::string error;
  EXPECT_FALSE(exportFigure(path("plots.jpg"), data, figure, error));
  EXPECT_NE(error.find("plots.jpg"), std::string::npos);
  EXPECT_NE(error.find(".png, .svg or .pdf"), std::string::npos);
  for (const char* name : {"/nonexistent/dir/p.png", "/nonexistent/dir/p.svg", "/nonexistent/dir/p.pdf"}) {
    EXPECT_FALSE(exportFigure(name, data, figure, error)) << name;
    EXPECT_NE(error.find(name), std::string::npos) << error;
  }
  EXPECT_FALSE(writeCsv(data, "/nonexistent/dir/e.csv", error));
  EXPECT_NE(error.find("/nonexistent/dir/e.csv"), std::string::npos);
}

// A run switched from recursive to baraff at t = 1 s.
TimeSeries switchedRun() {
  TimeSeries data = dampedOscillation();
  TimeSeries out(sampleChannels(), 4096);
  for (std::size_t r = 0; r < data.size(); ++r) {
    double row[kChannelCount];
    for (std::size_t c = 0; c < kChannelCount; ++c) row[c] = data.value(r, c);
    out.markSegment(row[kTime], row[kTime] < 1.0 ? "recursive" : "baraff");
    out.push(row);
  }
  return out;
}

TEST_F(ExportTest, SvgKeepsTitleLabelsLegendAndSegmentsAsText) {
  const TimeSeries data = switchedRun();
  ASSERT_EQ(data.segments().size(), 2u);
  Figure figure{"chain (n = 5): recursive, then baraff", standardPlots(), {0.0, 2.0}, "rk4, dt = 0.001 s & more"};
  std::string error;
  ASSERT_TRUE(exportFigure(path("switched.svg"), data, figure, error)) << error;
  const std::string svg = readFile(path("switched.svg"));
  for (const char* text : {">chain (n = 5): recursive, then baraff</text>", ">rk4, dt = 0.001 s &amp; more</text>",
                           ">Energy [J]</text>", ">kinetic</text>", ">total</text>",
                           ">t [s]</text>", ">recursive</text>", ">baraff</text>"})
    EXPECT_NE(svg.find(text), std::string::npos) << text;
  EXPECT_EQ(svg.find("<symbol"), std::string::npos);  // no glyph outlines
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);  // the switch marker
}

TEST(FigureTitle, NamesTheSceneParametersBackEndsInOrderAndDriftControl) {
  RunLabels run;
  run.scene = "chain";
  run.parameters = {{"n", 5}};
  run.backend = "baraff";
  run.integrator = "rk4";
  run.dt = 1e-3;
  run.driftControl = "post-stabilization";
  run.segments = {{0.0, "recursive"}, {0.68, "baraff"}};
  run.endTime = 1.36;
  EXPECT_EQ(figureTitle(run), "chain (n = 5): recursive, then baraff");
  EXPECT_EQ(figureSubtitle(run),
            "rk4, dt = 0.001 s, drift control post-stabilization; recursive 0-0.68 s, baraff 0.68-1.36 s");
  run.segments.resize(1);
  run.parameters.clear();
  run.compareBackend = "redmax";
  EXPECT_EQ(figureTitle(run), "chain: baraff vs redmax");
  EXPECT_EQ(figureSubtitle(run), "rk4, dt = 0.001 s, drift control post-stabilization");
}

}  // namespace
}  // namespace articulab::gui
