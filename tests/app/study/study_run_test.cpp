// A study's rows: equal to the Run's figures for the same configuration, a failed run is a row,
// a study interrupted and run again gives the rows of an uninterrupted one, and the convergence
// orders of the integrators on the double pendulum (error at t = 1 s against a reference).
#include <gtest/gtest.h>

#include <map>

#include "app/session/run_comparison.hpp"
#include "app/study/power_fit.hpp"
#include "app/study/study_case_run.hpp"
#include "app/study/study_pool.hpp"
#include "engine/io/model_loader.hpp"
#include "engine/run/run.hpp"
#include "study_test_util.hpp"

namespace articulab::study {
namespace {

const std::string kPendulum = "\"" + test::sourceDir() + "/scenes/double_pendulum.json\"";

struct Ran {
  Study study;
  std::vector<StudyCase> cases;
  std::vector<StudyRow> rows;
  StudyOutcome outcome;
};

Ran runStudy(const std::string& name, const std::string& text, unsigned jobs = 2, std::size_t stopAfter = 0,
             const std::string& folder = "") {
  const std::string dir = folder.empty() ? test::freshFolder(name) : folder;
  Ran ran;
  ran.study = readStudy(test::writeStudy(dir, text));
  ran.cases = expandStudy(ran.study);
  const StudyStore store(dir + "/results");
  std::atomic<bool> stop{false};
  ran.outcome = runStudyCases(ran.study, ran.cases, store, jobs, stop, [&](const StudyProgress& p) {
    if (stopAfter > 0 && p.done >= stopAfter) stop = true;
  });
  std::vector<std::string> ids;
  for (const StudyCase& c : ran.cases) ids.push_back(c.id);
  ran.rows = store.rows(ids);
  return ran;
}

TEST(StudyRun, RowEqualsTheRunOfTheSameConfiguration) {
  const Ran ran = runStudy("equal",
      "{\"scenes\": [" + kPendulum + "], \"runs\": [\"redmax:semi-implicit\", \"baraff:rk4\", "
      "\"variational-maximal:variational-midpoint\"], \"dt\": [0.002], \"duration\": 0.5}");
  ASSERT_EQ(ran.rows.size(), 3u);
  for (const StudyRow& row : ran.rows) {
    SCOPED_TRACE(row.run);
    ASSERT_EQ(row.status, "ok") << row.message;
    // What `articulab run --backend B --integrator I --dt 0.002 --duration 0.5` does.
    const auto model = std::make_shared<const Model>(loadModel(test::sourceDir() + "/scenes/double_pendulum.json"));
    RunRequest request;
    request.backend = row.backend;
    request.requireIntegrator(row.integrator);
    request.dt = 0.002;
    request.duration = 0.5;
    articulab::Run run(model, request);
    run.record(RecorderColumns{}, 1);
    run.advance(run.plan().steps);
    run.finishRecording();
    const EnergyWatch& energy = run.monitor().energy;
    EXPECT_EQ(row.steps, run.stepsTaken());
    EXPECT_NEAR(row.energyLargest, energy.largestChange, 1e-12);
    EXPECT_NEAR(row.energyFinal, std::abs(energy.last - energy.start()), 1e-12);
    EXPECT_NEAR(row.energyLargestRelative, energy.largestChange / session::energyChangeScale(energy), 1e-12);
    EXPECT_NEAR(row.driftPosition, run.monitor().drift.position, 1e-12);
    EXPECT_NEAR(row.driftRotation, run.monitor().drift.rotation, 1e-12);
    EXPECT_GT(row.wallPerStep, 0.0);
    EXPECT_GT(row.cpuPerStep, 0.0);
    ASSERT_EQ(row.errorPosition.size(), 1u);
    EXPECT_LT(row.errorPosition[0], 1e-2);
  }
}

TEST(StudyRun, AFailedRunIsARowWithItsMessage) {
  const Ran ran = runStudy("failed",
      "{\"scenes\": [" + kPendulum + "], \"runs\": [\"redmax:rk4\", \"baraff:variational-midpoint\", "
      "\"redmax:semi-implicit@dt=0.5\"], \"dt\": [0.01], \"duration\": 0.2}");
  ASSERT_EQ(ran.rows.size(), 3u);
  EXPECT_EQ(ran.rows[0].status, "ok");
  EXPECT_EQ(ran.rows[1].status, "failed");
  EXPECT_NE(ran.rows[1].message.find("integrator"), std::string::npos) << ran.rows[1].message;
  EXPECT_EQ(ran.rows[2].status, "failed");  // a step longer than the duration: refused by resolveRun
  EXPECT_EQ(ran.rows[2].message.rfind("dt: ", 0), 0u) << ran.rows[2].message;
  EXPECT_EQ(ran.outcome.progress.failed, 2u);
}

// Every figure of a row but the times.
void expectSameRow(const StudyRow& a, const StudyRow& b) {
  nlohmann::json ja = rowJson(a), jb = rowJson(b);
  for (const char* timing : {"wall_per_step", "cpu_per_step"}) {
    ja.erase(timing);
    jb.erase(timing);
  }
  EXPECT_EQ(ja, jb);
}

TEST(StudyRun, InterruptedAndResumedGivesTheRowsOfAnUninterruptedStudy) {
  const std::string text = "{\"scenes\": [{\"file\": " + kPendulum + "}], \"runs\": [\"redmax:rk4\", "
                           "\"redmax:semi-implicit\", \"variational-minimal:variational-midpoint\"], "
                           "\"dt\": [0.01, 0.005], \"duration\": 0.5, \"output_times\": [0.25, 0.5]}";
  const Ran whole = runStudy("whole", text, 2);
  ASSERT_EQ(whole.rows.size(), 6u);
  const std::string folder = test::freshFolder("resumed");
  const Ran first = runStudy("", text, 1, 2, folder);
  EXPECT_TRUE(first.outcome.interrupted);
  EXPECT_EQ(first.rows.size(), 2u);
  const Ran second = runStudy("", text, 2, 0, folder);
  EXPECT_FALSE(second.outcome.interrupted);
  EXPECT_EQ(second.outcome.skipped, 2u);
  EXPECT_EQ(second.outcome.progress.done, 4u);
  ASSERT_EQ(second.rows.size(), whole.rows.size());
  for (std::size_t i = 0; i < whole.rows.size(); ++i) expectSameRow(second.rows[i], whole.rows[i]);
}

// The order fitted to the error at t = 1 s against dt of each run spec.
std::map<std::string, double> orders(const Ran& ran) {
  std::map<std::string, std::vector<double>> dts, errors;
  for (const StudyRow& row : ran.rows) {
    EXPECT_EQ(row.status, "ok") << row.run << ": " << row.message;
    const std::string name = row.backend + ":" + row.integrator;
    dts[name].push_back(row.dt);
    errors[name].push_back(row.errorPosition.back());
  }
  std::map<std::string, double> out;
  for (const auto& [name, x] : dts) out[name] = fitPower(x, errors[name]).exponent;
  return out;
}

// Each integrator at steps where its error at t = 1 s is in its asymptotic range: above the
// reference's error and the triple jump's Newton tolerance, below where the error's components
// still cancel at that time (rk4 at 10 ms meets t = 1 s near such a cancellation).
TEST(StudyRun, ConvergenceOrdersOnTheDoublePendulum) {
  const Ran ran = runStudy("orders",
      "{\"scenes\": [" + kPendulum + "], \"runs\": ["
      "\"redmax:rk4@dt=0.0025\", \"redmax:rk4@dt=0.00125\", \"redmax:rk4@dt=0.000625\","
      "\"variational-maximal:variational-triple-jump@dt=0.01\", \"variational-maximal:variational-triple-jump@dt=0.005\","
      "\"variational-maximal:variational-triple-jump@dt=0.0025\","
      "\"variational-maximal:variational-midpoint@dt=0.01\", \"variational-maximal:variational-midpoint@dt=0.005\","
      "\"variational-maximal:variational-midpoint@dt=0.0025\","
      "\"variational-minimal:variational-midpoint@dt=0.01\", \"variational-minimal:variational-midpoint@dt=0.005\","
      "\"variational-minimal:variational-midpoint@dt=0.0025\","
      "\"redmax:semi-implicit@dt=0.002\", \"redmax:semi-implicit@dt=0.001\", \"redmax:semi-implicit@dt=0.0005\"],"
     " \"duration\": 1, \"metrics\": [\"error\"], \"reference\": {\"run\": \"redmax:rk4@dt=0.0001\"}}");
  const std::map<std::string, double> p = orders(ran);
  EXPECT_NEAR(p.at("redmax:rk4"), 4.0, 0.2);
  EXPECT_NEAR(p.at("variational-maximal:variational-triple-jump"), 4.0, 0.2);
  EXPECT_NEAR(p.at("variational-maximal:variational-midpoint"), 2.0, 0.1);
  EXPECT_NEAR(p.at("variational-minimal:variational-midpoint"), 2.0, 0.1);
  EXPECT_NEAR(p.at("redmax:semi-implicit"), 1.0, 0.1);
}

TEST(PowerFit, RecoversAnExactPowerLaw) {
  const PowerFit fit = fitPower({0.1, 0.2, 0.4, -1.0}, {3e-4, 2.4e-3, 1.92e-2, 5.0});
  EXPECT_EQ(fit.points, 3);
  EXPECT_NEAR(fit.exponent, 3.0, 1e-12);
  EXPECT_NEAR(fit.factor, 0.3, 1e-12);
}

}  // namespace
}  // namespace articulab::study
