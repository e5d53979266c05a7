// The plot panes (app/gui/channel_panes.hpp): adding and removing panes with clear refusals, the
// picker's search, and their channels evaluated at the history's keyframes
// (Session::updateChannels): from t = 0 for a channel added late, equal to the simulation's
// own recorded series, and restarted after a resume.
#include <gtest/gtest.h>

#include "app/gui/channel_panes.hpp"
#include "app/gui/plot_spec.hpp"
#include "app/gui/session_names.hpp"
#include "engine/io/scene_loader.hpp"
#include "gui_test_paths.hpp"

namespace articulab::gui {
namespace {

TEST(ChannelPanes, AddAndRemoveRefuseWhatDoesNotExist) {
  const Model model = loadScene(test::kSource + "/scenes/double_pendulum.json");
  ChannelPanes panes;
  const std::vector<ChannelDef>& catalog = panes.catalog(model, 1);
  const std::string q0 = "q_" + model.joints[0].name + "_0", qd0 = "qd_" + model.joints[0].name + "_0";
  EXPECT_EQ(panes.add(catalog, q0), "");
  EXPECT_EQ(panes.add(catalog, qd0 + " [rad/s]", q0), "") << "a header with its unit names the channel too";
  EXPECT_EQ(panes.add(catalog, "Lz"), "");
  EXPECT_EQ(panes.channelNames(), (std::vector<std::string>{q0, qd0, "Lz"}));
  EXPECT_EQ(panes.panes()[1].x, q0);
  EXPECT_NE(panes.add(catalog, "q_nope_0").find("unknown channel 'q_nope_0'"), std::string::npos);
  EXPECT_NE(panes.add(catalog, "t").find("time axis"), std::string::npos);
  EXPECT_EQ(panes.remove(4), "no plot pane 4 (there are 3, numbered from 1)");
  EXPECT_EQ(panes.remove(1), "");
  EXPECT_EQ(panes.channelNames(), (std::vector<std::string>{qd0, q0, "Lz"}));
  while (panes.panes().size() < ChannelPanes::kMaxPanes) ASSERT_EQ(panes.add(catalog, "kinetic"), "");
  EXPECT_NE(panes.add(catalog, "kinetic").find("at most 8 plot panes"), std::string::npos);
}

TEST(ChannelPanes, SearchMatchesEveryWordOfNameOrGroup) {
  const Model model = loadScene(test::kSource + "/scenes/double_pendulum.json");
  const std::vector<ChannelDef> catalog = channelCatalog(model);
  for (int c : searchChannels(catalog, "BODY vz")) {
    EXPECT_EQ(catalog[c].group, "body");
    EXPECT_NE(catalog[c].name.find("vz"), std::string::npos);
  }
  EXPECT_EQ(searchChannels(catalog, "body vz").size(), model.bodies.size());
  EXPECT_EQ(searchChannels(catalog, "").size(), catalog.size() - 1) << "all but t, the time axis";
  EXPECT_EQ(searchChannels(catalog, "momentum").size(), 6u);
}

TEST(ChannelPanes, ChannelsFollowTheHistory) {
  Session sim;
  std::string error;
  ASSERT_TRUE(sim.scenes().load(test::kSource + "/scenes/double_pendulum.json", {}, "", error)) << error;
  ASSERT_TRUE(sim.advance(1000, error)) << error;
  ChannelRecording recording;
  recording.request({"total", "kinetic"});
  sim.updateChannels(recording);
  Snapshot snap;
  sim.snapshot(snap);
  const TimeSeries& rows = recording.series;
  ASSERT_EQ(rows.size(), snap.history.keyframes) << "one row per keyframe, from the first";
  EXPECT_EQ(rows.time(0), 0.0);
  EXPECT_EQ(rows.time(rows.size() - 1), snap.state.t);
  // The simulation's own series (recorded in its step loop) has the same total energy.
  const TimeSeries samples = sim.samples();
  int compared = 0;
  for (std::size_t r = 0; r < samples.size(); ++r) {
    const std::size_t k = rows.lowerBound(samples.time(r));
    if (k == rows.size() || rows.time(k) != samples.time(r)) continue;
    EXPECT_NEAR(rows.value(k, recording.column("total")), samples.value(r, kTotal), 1e-12);
    ++compared;
  }
  EXPECT_GT(compared, 100);

  ASSERT_TRUE(sim.advance(200, error)) << error;
  const std::size_t before = rows.size();
  sim.updateChannels(recording);
  EXPECT_GT(rows.size(), before) << "only the new keyframes are added";
  ASSERT_TRUE(sim.history().view(0.5, error)) << error;
  ASSERT_TRUE(sim.history().resume(error)) << error;
  sim.updateChannels(recording);
  EXPECT_LE(rows.time(rows.size() - 1), 0.5) << "the rows after the resume point are gone";
  EXPECT_EQ(rows.time(0), 0.0);
}

}  // namespace
}  // namespace articulab::gui
