// The scripted-session language: the whole file is checked before it runs.
#include <gtest/gtest.h>

#include "app/gui/script.hpp"

namespace articulab::gui {
namespace {

TEST(Script, ParsesCommandsSkippingCommentsAndBlankLines) {
  std::vector<ScriptCommand> commands;
  std::string error;
  const char* text =
      "# a session\n"
      "load scenes/chain.json n=5   # five links\n"
      "\n"
      "   dt 0.001\n"
      "run-frames 120\n"
      "quit\n";
  ASSERT_TRUE(parseScript(text, "s.txt", commands, error)) << error;
  ASSERT_EQ(commands.size(), 4u);
  EXPECT_EQ(commands[0].name, "load");
  EXPECT_EQ(commands[0].line, 2);
  EXPECT_EQ(commands[0].args, (std::vector<std::string>{"scenes/chain.json", "n=5"}));
  EXPECT_EQ(commands[1].line, 4);
  EXPECT_EQ(commands[3].name, "quit");
}

TEST(Script, AnUnknownCommandFailsNamingTheFileAndLine) {
  std::vector<ScriptCommand> commands;
  std::string error;
  EXPECT_FALSE(parseScript("dt 0.001\nrun-frame 10\n", "session.txt", commands, error));
  EXPECT_NE(error.find("session.txt:2:"), std::string::npos) << error;
  EXPECT_NE(error.find("run-frame"), std::string::npos) << error;
}

TEST(Script, AWrongArgumentCountFailsWithTheUsage) {
  std::vector<ScriptCommand> commands;
  std::string error;
  EXPECT_FALSE(parseScript("set-gravity 0 0\n", "s.txt", commands, error));
  EXPECT_NE(error.find("s.txt:1: set-gravity takes X Y Z"), std::string::npos) << error;
  EXPECT_FALSE(parseScript("quit now\n", "s.txt", commands, error));
  EXPECT_NE(error.find("takes no arguments"), std::string::npos) << error;
}

TEST(Script, SaveSceneTakesAFileAndOptionallyPose) {
  std::vector<ScriptCommand> commands;
  std::string error;
  ASSERT_TRUE(parseScript("save-scene out.json\nsave-scene out.json pose\nbrowse save /tmp\n", "s.txt", commands, error))
      << error;
  ASSERT_EQ(commands.size(), 3u);
  EXPECT_EQ(commands[1].args, (std::vector<std::string>{"out.json", "pose"}));
  EXPECT_FALSE(parseScript("save-scene\n", "s.txt", commands, error));
  EXPECT_NE(error.find("save-scene takes FILE [pose]"), std::string::npos) << error;
}

TEST(Script, NumbersMustBeWholeFiniteWords) {
  double x = 0.0;
  long n = 0;
  EXPECT_TRUE(parseScriptNumber("-9.81", x));
  EXPECT_EQ(x, -9.81);
  EXPECT_FALSE(parseScriptNumber("1e400", x));
  EXPECT_FALSE(parseScriptNumber("nan", x));
  EXPECT_FALSE(parseScriptNumber("0.1s", x));
  EXPECT_TRUE(parseScriptInteger("120", n));
  EXPECT_EQ(n, 120);
  EXPECT_FALSE(parseScriptInteger("1.5", n));
}

TEST(Script, AMissingFileIsReportedWithItsPath) {
  std::vector<ScriptCommand> commands;
  std::string error;
  EXPECT_FALSE(loadScript("/nonexistent/session.txt", commands, error));
  EXPECT_NE(error.find("/nonexistent/session.txt"), std::string::npos);
}

}  // namespace
}  // namespace articulab::gui
