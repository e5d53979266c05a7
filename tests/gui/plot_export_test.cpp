// Exported files: CSV with units in the header, and PNG/SVG/PDF figures drawn by cairo.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "app/gui/csv_export.hpp"
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

}  // namespace
}  // namespace articulab::gui
