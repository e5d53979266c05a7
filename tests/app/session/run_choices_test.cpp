// The session's run choices refuse what `articulab run` refuses, with the same text (issue 29):
// every request goes through resolveRun, so an unknown back-end, an integrator the back-end does
// not offer or cannot use on the scene, an unknown setting, a setting out of range and a
// back-end that cannot run the scene read as the command line's refusals without the flag, and
// no other back-end runs instead.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/commands.hpp"
#include "app/session/session.hpp"

namespace articulab::session {
namespace {

const std::string kScenes = ARTICULAB_SOURCE_DIR "/scenes/";
const std::string kFourBar = kScenes + "four_bar.json";
const std::string kFallingChain = kScenes + "falling_chain.json";

// The refusal `articulab run ARGS` gives (the UsageError's message).
std::string cliRefusal(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  try {
    cli::runCommand(args, out, err);
  } catch (const cli::UsageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "the command line ran " << args[0];
  return "";
}

Snapshot snapshotOf(const Session& session) {
  Snapshot snap;
  session.snapshot(snap);
  return snap;
}

std::string backendOf(const Session& session) { return snapshotOf(session).backend; }

// A session with the scene open on the back-end.
void open(Session& session, const std::string& scene, const std::string& backend) {
  std::string error;
  ASSERT_TRUE(session.scenes().load(scene, {}, backend, error)) << error;
  ASSERT_EQ(backendOf(session), backend);
}

TEST(RunChoices, AnUnknownBackEndIsRefusedAsTheCommandLineRefusesIt) {
  const std::string cli = cliRefusal({kFourBar, "--backend", "bullet"});
  ASSERT_EQ(cli.rfind("--backend: unknown back-end 'bullet'", 0), 0u) << cli;
  Session fresh;
  std::string error;
  EXPECT_FALSE(fresh.scenes().load(kFourBar, {}, "bullet", error));
  EXPECT_EQ("--backend: " + error, cli);
  EXPECT_FALSE(fresh.hasModel());
  Session session;
  open(session, kFourBar, "redmax");
  EXPECT_FALSE(session.choices().setBackend("bullet", error));
  EXPECT_EQ("--backend: " + error, cli);
  EXPECT_FALSE(session.choices().setComparison("bullet", error));
  EXPECT_EQ("--backend: " + error, cli);
  EXPECT_EQ(backendOf(session), "redmax");
}

// The four-bar's loop needs a loop-closing back-end: recursive is refused, never replaced.
TEST(RunChoices, ABackEndThatCannotRunTheSceneIsRefusedAndNoOtherRunsInstead) {
  const std::string cli = cliRefusal({kFourBar, "--backend", "recursive"});
  ASSERT_EQ(cli.rfind("back-end 'recursive' cannot run " + kFourBar + ": ", 0), 0u) << cli;
  Session fresh;
  std::string error;
  EXPECT_FALSE(fresh.scenes().load(kFourBar, {}, "recursive", error));
  EXPECT_EQ(error, cli);
  EXPECT_FALSE(fresh.hasModel()) << "no other back-end opened it";
  Session session;
  open(session, kFourBar, "redmax");
  const std::uint64_t notices = snapshotOf(session).noticeVersion;
  EXPECT_FALSE(session.choices().setBackend("recursive", error));
  EXPECT_EQ(error, cli);
  EXPECT_FALSE(session.choices().setComparison("recursive", error));
  EXPECT_EQ(error, cli);
  const Snapshot snap = snapshotOf(session);
  EXPECT_EQ(snap.backend, "redmax");
  EXPECT_EQ(snap.compareBackend, "");
  EXPECT_EQ(snap.noticeVersion, notices) << "the app changed nothing by itself";
}

TEST(RunChoices, IntegratorsAreRefusedAsTheCommandLineRefusesThem) {
  Session session;
  open(session, kFallingChain, "baraff");
  for (const char* integrator : {"euler", "implicit", "rk4"}) {  // unknown, not offered, unusable with contact
    SCOPED_TRACE(integrator);
    std::string cli = cliRefusal({kFallingChain, "--backend", "baraff", "--integrator", integrator});
    if (cli.rfind("--integrator: ", 0) == 0) cli.erase(0, 14);
    ASSERT_FALSE(cli.empty());
    EXPECT_EQ(session.choices().setIntegrator(integrator), cli);
  }
  EXPECT_EQ(cliRefusal({kFallingChain, "--backend", "baraff", "--integrator", "implicit"}),
            "--integrator: back-end 'baraff' does not offer the integrator 'implicit'; it offers: semi-implicit, semi-implicit-rattle, rk4");
  EXPECT_EQ(snapshotOf(session).integrator, Integrator::SemiImplicitEuler);
}

TEST(RunChoices, SettingsAreRefusedAsTheCommandLineRefusesThem) {
  Session session;
  open(session, kFourBar, "redmax");
  for (const char* setting : {"gmres-tolerance=1e-8", "projection-iterations=0", "projection-iterations=many"}) {
    SCOPED_TRACE(setting);
    const std::string cli = cliRefusal({kFourBar, "--backend", "redmax", "--setting", setting});
    ASSERT_EQ(cli.rfind("--setting: ", 0), 0u) << cli;
    const std::string text = setting;
    const std::size_t eq = text.find('=');
    EXPECT_EQ("--setting: " + session.edits().solverSetting(text.substr(0, eq), text.substr(eq + 1)), cli);
  }
  const Snapshot snap = snapshotOf(session);
  EXPECT_TRUE(snap.sceneSettings.empty()) << "nothing was set";
  EXPECT_EQ(snap.undoLabel, "") << "nothing to undo";
}

// Where the app itself changes an integrator (a back-end switch that cannot keep it), the
// notice and the plot's segment labels say so.
TEST(RunChoices, AnIntegratorTheNewBackEndDoesNotOfferIsReplacedWithANotice) {
  Session session;
  open(session, kFourBar, "redmax");
  ASSERT_EQ(session.choices().setIntegrator("implicit"), "");
  const std::uint64_t notices = snapshotOf(session).noticeVersion;
  std::string error;
  ASSERT_TRUE(session.advance(10, error)) << error;
  ASSERT_TRUE(session.choices().setBackend("baraff", error)) << error;
  ASSERT_TRUE(session.advance(10, error)) << error;
  const Snapshot snap = snapshotOf(session);
  EXPECT_EQ(snap.backend, "baraff");
  EXPECT_EQ(snap.integrator, Integrator::RK4);  // baraff's default (its defaultOrder: rk4 first)
  EXPECT_EQ(snap.noticeVersion, notices + 1);
  EXPECT_NE(snap.notice.find("integrator 'implicit' is not used"), std::string::npos) << snap.notice;
  const TimeSeries samples = session.samples();
  const std::vector<Segment>& segments = samples.segments();
  ASSERT_EQ(segments.size(), 2u);
  EXPECT_EQ(segments[0], (Segment{0.0, "redmax", "implicit", 0.001}));
  EXPECT_EQ(segments[1].label, "baraff");
  EXPECT_EQ(segments[1].integrator, "rk4");
}

}  // namespace
}  // namespace articulab::session
