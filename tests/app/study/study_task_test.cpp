// The tasks of a split study (`--task I/N`, what a Slurm array's tasks run) read the reference
// runs that `--references` computed once: without them a task refuses before it runs anything;
// with them the tasks' rows equal a local run's and no task rewrites a reference.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>

#include "app/study/study_case_run.hpp"
#include "app/study/study_pool.hpp"
#include "study_test_util.hpp"

namespace articulab::study {
namespace {

int exitCodeOf(const std::string& command) {
  const int status = std::system((command + " > /dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string errorOutputOf(const std::string& command) {
  std::string text;
  if (FILE* pipe = ::popen((command + " 2>&1 >/dev/null").c_str(), "r")) {
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) text += buffer;
    ::pclose(pipe);
  }
  return text;
}

TEST(StudyTasks, ReadTheReferencesComputedOnceBeforeThem) {
  const std::string dir = test::freshFolder("tasks");
  const std::string study = test::writeStudy(dir,
      "{\"scenes\": [{\"file\": \"" + test::sourceDir() + "/scenes/chain.json\", \"parameters\": {\"n\": [3, 4]}}], "
      "\"runs\": [\"redmax:semi-implicit\", \"recursive:rk4\"], \"dt\": [0.01], \"duration\": 0.2}");
  const std::string out = dir + "/split", command = std::string(ARTICULAB_BINARY) + " study " + study + " --out " + out;
  EXPECT_EQ(exitCodeOf(command + " --task 0/2"), 2) << "a task without its references must refuse";
  // The refusal names the scene and its parameters as a person would, not the store's key.
  const std::string refusal = errorOutputOf(command + " --task 0/2");
  EXPECT_NE(refusal.find("the reference run of scene " + test::sourceDir() + "/scenes/chain.json with n=3"),
            std::string::npos) << refusal;
  EXPECT_EQ(refusal.find("chain.json|"), std::string::npos) << refusal;
  const Study plan = readStudy(study);
  const std::vector<StudyCase> cases = expandStudy(plan);
  const StudyStore split(out);
  EXPECT_TRUE(split.allRows().empty());
  ASSERT_EQ(exitCodeOf(command + " --references"), 0);
  ASSERT_TRUE(missingReferences(plan, cases, split).empty());
  std::vector<std::string> writers;
  for (const StudyCase& c : cases) writers.push_back(split.reference(referenceId(plan, c))->writer);
  ASSERT_EQ(exitCodeOf(command + " --task 0/2"), 0);
  ASSERT_EQ(exitCodeOf(command + " --task 1/2"), 0);
  for (std::size_t i = 0; i < cases.size(); ++i)
    EXPECT_EQ(split.reference(referenceId(plan, cases[i]))->writer, writers[i]) << "a task rewrote a reference";
  const StudyStore local(dir + "/local");
  const std::atomic<bool> stop{false};
  runStudyCases(plan, cases, local, 2, stop);
  std::vector<std::string> ids;
  for (const StudyCase& c : cases) ids.push_back(c.id);
  const std::vector<StudyRow> a = split.rows(ids), b = local.rows(ids);
  ASSERT_EQ(a.size(), cases.size());
  ASSERT_EQ(b.size(), cases.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].status, b[i].status);
    EXPECT_EQ(a[i].reference, b[i].reference);
    EXPECT_EQ(a[i].errorPosition, b[i].errorPosition);
    EXPECT_EQ(a[i].errorRotation, b[i].errorRotation);
    EXPECT_EQ(a[i].energyLargest, b[i].energyLargest);
  }
}

}  // namespace
}  // namespace articulab::study
