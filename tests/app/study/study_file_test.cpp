// A bad study file is refused before anything runs, naming the file and the field's JSON pointer.
#include "app/study/study_file.hpp"

#include <gtest/gtest.h>

#include "app/study/study_grid.hpp"
#include "engine/io/scene_error.hpp"
#include "study_test_util.hpp"

namespace articulab::study {
namespace {

const std::string kScene = "\"" + test::sourceDir() + "/scenes/chain.json\"";

// The refusal of the text: its JSON pointer and message.
SceneError refusal(const std::string& text) {
  const std::string folder = test::freshFolder("file");
  const std::string path = test::writeStudy(folder, text);
  try {
    readStudy(path);
  } catch (const SceneError& e) {
    EXPECT_EQ(e.file(), path);
    return e;
  }
  ADD_FAILURE() << "accepted: " << text;
  return SceneError("", "", "");
}

TEST(StudyFile, ReadsScenesRunsStepsAndTheGrid) {
  const std::string folder = test::freshFolder("read");
  const Study study = readStudy(test::writeStudy(folder,
      "{\"scenes\": [{\"file\": " + kScene + ", \"parameters\": {\"n\": [5, 10, 20]}}],"
      " \"runs\": [\"redmax:rk4\", \"baraff:semi-implicit@projection-iterations=10\"],"
      " \"dt\": [0.01, 0.005], \"duration\": 1, \"output_times\": [0.5, 1]}"));
  ASSERT_EQ(study.scenes.size(), 1u);
  EXPECT_EQ(study.scenes[0].grid.at("n"), (std::vector<double>{5, 10, 20}));
  EXPECT_EQ(study.runs[1].settings.size(), 1u);
  EXPECT_EQ(study.metrics, metricNames());
  EXPECT_DOUBLE_EQ(study.reference.refine, 16.0);
  const std::vector<StudyCase> cases = expandStudy(study);
  ASSERT_EQ(cases.size(), 3u * 2u * 2u);
  EXPECT_EQ(cases[0].parametersText(), "n=5");
  EXPECT_DOUBLE_EQ(cases[1].run.dt, 0.005);
  EXPECT_EQ(cases[4].run.text, "redmax:rk4");
  EXPECT_EQ(cases[4].parametersText(), "n=10");
  for (std::size_t i = 1; i < cases.size(); ++i) EXPECT_NE(cases[i].id, cases[i - 1].id);
}

TEST(StudyFile, RefusesEachBadFieldByItsPointer) {
  const std::string head = "{\"scenes\": [" + kScene + "], ";
  EXPECT_EQ(refusal("{\"runs\": [\"redmax\"], \"duration\": 1}").pointer(), "/scenes");
  EXPECT_EQ(refusal(head + "\"runs\": [], \"dt\": [0.01], \"duration\": 1}").pointer(), "/runs");
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax@dt=abc\"], \"duration\": 1}").pointer(), "/runs/0");
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax\"], \"dt\": [0.01, -1], \"duration\": 1}").pointer(), "/dt/1");
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax\"], \"dt\": [0.01]}").pointer(), "/duration");
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax\"], \"dt\": [0.01], \"duration\": 1, \"output_times\": [2]}").pointer(),
            "/output_times/0");
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax\"], \"dt\": [0.01], \"duration\": 1, \"metrics\": [\"energie\"]}").pointer(),
            "/metrics/0");
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax\"], \"dt\": [0.01], \"duration\": 1, \"grid\": 3}").pointer(), "/grid");
  EXPECT_EQ(refusal("{\"scenes\": [\"no_such_scene.json\"], \"runs\": [\"redmax\"], \"dt\": [0.01], \"duration\": 1}").pointer(),
            "/scenes/0");
  EXPECT_EQ(refusal("{\"scenes\": [{\"file\": " + kScene + ", \"parameters\": {\"n\": []}}], \"runs\": [\"redmax\"], "
                    "\"dt\": [0.01], \"duration\": 1}").pointer(),
            "/scenes/0/parameters/n");
  // Without a study "dt", the default reference needs each run's step.
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax\"], \"duration\": 1}").pointer(), "/runs/0");
  EXPECT_EQ(refusal(head + "\"runs\": [\"redmax\"], \"dt\": [0.01], \"duration\": 1, \"reference\": {\"run\": \"redmax:rk4\"}}")
                .pointer(),
            "/reference/run");
  EXPECT_NE(std::string(refusal(head + "\"runs\": [\"redmax\"], \"dt\": [0.01], \"duration\": 1, \"metrics\": [\"energie\"]}")
                            .what())
                .find("energy"),
            std::string::npos);
}

}  // namespace
}  // namespace articulab::study
