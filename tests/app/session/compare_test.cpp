// articulab compare (issue 32): the table's numbers equal those of separate `articulab run` calls
// of each run, E - E0 in the comparison series equals the run's CSV, runs with different steps
// meet at common output times, and bad runs are refused naming the part that is wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"

namespace articulab::session::compare_test {
namespace {

const std::string kFourBar = std::string(ARTICULAB_SOURCE_DIR) + "/scenes/four_bar.json";
const std::vector<std::string> kRuns = {"baraff:semi-implicit", "redmax:rk4", "redmax:semi-implicit",
                                        "variational-maximal:variational-midpoint",
                                        "variational-minimal:variational-midpoint"};

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The figures `articulab run` prints: largest |change|, its relative value, the change at the
// end (without its sign) and the largest position drift, as printed.
struct RunSummary {
  std::string largest, largestRelative, end, drift;
};

RunSummary runSummary(const std::string& backend, const std::string& integrator, const std::string& duration) {
  std::ostringstream out, err;
  EXPECT_EQ(cli::runCommand({kFourBar, "--backend", backend, "--integrator", integrator, "--duration", duration}, out, err), 0)
      << err.str();
  RunSummary s;
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) {
    const std::vector<std::string> w = words(line);
    if (!w.empty() && w[0] == "energy") {
      for (std::size_t i = 0; i + 1 < w.size(); ++i) {
        if (w[i] == "change" && w[i + 1].size() > 1 && (w[i + 1][0] == '+' || w[i + 1][0] == '-')) s.end = w[i + 1].substr(1);
        if (w[i] == "|change|") {
          s.largest = w[i + 1];
          s.largestRelative = w[i + 3].substr(1);  // "(8.97e-10"
        }
      }
    }
    if (w.size() > 3 && w[0] == "max" && w[1] == "drift") s.drift = w[3];
  }
  return s;
}

std::string compareArgsText(const std::vector<std::string>& runs) {
  std::string text;
  for (const std::string& run : runs) text += (text.empty() ? "" : ",") + run;
  return text;
}

TEST(CompareCommand, TheTableOfFiveRunsEqualsFiveSeparateRuns) {
  std::ostringstream out, err;
  ASSERT_EQ(cli::compareCommand({kFourBar, "--runs", compareArgsText(kRuns), "--duration", "1"}, out, err), 0) << err.str();
  std::map<std::size_t, std::vector<std::string>> rows;  // by run number
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) {
    const std::vector<std::string> w = words(line);
    if (w.size() == 13 && w[0].find_first_not_of("0123456789") == std::string::npos) rows[std::stoul(w[0])] = w;
  }
  ASSERT_EQ(rows.size(), kRuns.size()) << out.str();
  for (std::size_t i = 0; i < kRuns.size(); ++i) {
    const std::size_t colon = kRuns[i].find(':');
    const RunSummary run = runSummary(kRuns[i].substr(0, colon), kRuns[i].substr(colon + 1), "1");
    const std::vector<std::string>& row = rows[i + 1];
    SCOPED_TRACE(kRuns[i]);
    EXPECT_EQ(row[2], run.largest);
    EXPECT_EQ(row[3], run.largestRelative);
    EXPECT_EQ(row[4], run.end);
    EXPECT_EQ(row[6], run.drift);
    EXPECT_EQ(row[12], "ok");
  }
  EXPECT_EQ(rows[1][7], "0");  // the reference run's difference to itself
}

std::vector<std::map<std::string, double>> readCsv(const std::string& path) {
  std::ifstream file(path);
  std::string line;
  std::getline(file, line);
  std::vector<std::string> header;
  std::stringstream names(line);
  for (std::string cell; std::getline(names, cell, ',');) header.push_back(cell.substr(0, cell.find(" [")));
  std::vector<std::map<std::string, double>> rows;
  while (std::getline(file, line)) {
    std::stringstream cells(line);
    std::map<std::string, double> row;
    std::size_t c = 0;
    for (std::string cell; std::getline(cells, cell, ',') && c < header.size(); ++c) row[header[c]] = std::stod(cell);
    rows.push_back(row);
  }
  return rows;
}

TEST(CompareCommand, TheEnergyChangeOfTheRk4RunEqualsItsCsv) {
  const std::string dir = ::testing::TempDir() + "compare_csv";
  std::ostringstream out, err;
  ASSERT_EQ(cli::compareCommand({kFourBar, "--runs", "baraff:semi-implicit,redmax:rk4", "--duration", "0.5", "--csv-dir", dir},
                                out, err),
            0)
      << err.str();
  const auto comparison = readCsv(dir + "/comparison.csv");
  const auto rk4 = readCsv(dir + "/redmax.csv");
  ASSERT_EQ(comparison.size(), 501u);
  ASSERT_EQ(rk4.size(), 501u);
  const std::string cliCsv = ::testing::TempDir() + "compare_rk4_run.csv";
  std::ostringstream runOut, runErr;
  ASSERT_EQ(cli::runCommand({kFourBar, "--backend", "redmax", "--integrator", "rk4", "--duration", "0.5", "--csv", cliCsv},
                            runOut, runErr),
            0);
  const auto run = readCsv(cliCsv);
  ASSERT_EQ(run.size(), rk4.size());
  double largest = 0.0;
  for (std::size_t r = 0; r < comparison.size(); ++r) {
    EXPECT_EQ(comparison[r].at("t"), run[r].at("t"));
    const double change = run[r].at("total") - run[0].at("total");
    EXPECT_NEAR(comparison[r].at("energy_change_redmax"), change, 1e-15) << "row " << r;
    EXPECT_EQ(rk4[r].at("total"), run[r].at("total")) << "row " << r;  // the run's own CSV, bit for bit
    largest = std::max(largest, std::abs(change));
  }
  EXPECT_GT(largest, 0.0);
  EXPECT_GT(comparison.back().at("difference_position_redmax"), 0.0);
  EXPECT_EQ(comparison.back().at("difference_position_baraff"), 0.0);
  std::ifstream index(dir + "/runs.csv");  // what produced each file
  std::vector<std::string> lines;
  for (std::string line; std::getline(index, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "run,name,file,back-end,integrator,dt [s],label");
  EXPECT_EQ(lines[2].rfind("2,redmax,redmax.csv,redmax,rk4,0.001", 0), 0u) << lines[2];
}

TEST(CompareCommand, RunsWithDifferentStepsMeetAtCommonTimes) {
  const std::string dir = ::testing::TempDir() + "compare_steps";
  std::ostringstream out, err;
  ASSERT_EQ(cli::compareCommand({kFourBar, "--runs", "redmax:rk4@dt=0.002,redmax:rk4@dt=0.0005", "--duration", "0.2",
                                 "--csv-dir", dir},
                                out, err),
            0)
      << err.str();
  const auto comparison = readCsv(dir + "/comparison.csv");
  ASSERT_EQ(comparison.size(), 101u);  // every 2 ms, the larger step
  for (std::size_t r = 0; r < comparison.size(); ++r) EXPECT_NEAR(comparison[r].at("t"), 0.002 * r, 1e-12);
  const double apart = comparison.back().at("difference_position_redmax-rk4-dt0.0005");
  EXPECT_GT(apart, 0.0);
  EXPECT_LT(apart, 1e-6);  // rk4 at 2 ms and 0.5 ms agree to its fourth order
  EXPECT_NE(out.str().find("redmax-rk4-dt0.002"), std::string::npos) << out.str();
}

std::string refusal(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  try {
    cli::compareCommand(args, out, err);
  } catch (const cli::UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(CompareCommand, ARefusalNamesTheBadPart) {
  const std::string integrator = refusal({kFourBar, "--runs", "baraff,redmax:nonsense"});
  EXPECT_NE(integrator.find("run 2 'redmax:nonsense'"), std::string::npos) << integrator;
  EXPECT_NE(integrator.find("nonsense"), std::string::npos) << integrator;
  const std::string step = refusal({kFourBar, "--runs", "baraff@dt=abc"});
  EXPECT_NE(step.find("'@dt=abc'"), std::string::npos) << step;
  const std::string backend = refusal({kFourBar, "--run", "baraff", "--run", "recursive"});
  EXPECT_NE(backend.find("run 2 'recursive'"), std::string::npos) << backend;
  EXPECT_NE(backend.find("loop"), std::string::npos) << backend;
  const std::string none = refusal({kFourBar});
  EXPECT_NE(none.find("needs runs"), std::string::npos) << none;
}

TEST(CompareCommand, ExitsWith3WhenARunDiverges) {
  const std::string scene = std::string(ARTICULAB_SOURCE_DIR) + "/tests/app/gui/data/diverging_chain.json";
  std::ostringstream out, err;
  EXPECT_EQ(cli::compareCommand({scene, "--runs", "redmax:semi-implicit"}, out, err), 3);
  EXPECT_NE(out.str().find("stopped: redmax (semi-implicit)"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace articulab::session::compare_test
