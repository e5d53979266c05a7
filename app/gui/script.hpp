// The scripted-session language: one command per line, words separated by spaces, '#' starts
// a comment. The whole file is checked (command names and argument counts) before anything
// runs, so a typo on line 40 fails at once with "FILE:40: ...".
#pragma once

#include <string>
#include <vector>

namespace articulab::gui {

struct ScriptCommand {
  int line = 0;
  std::string name;
  std::vector<std::string> args;
};

struct CommandSyntax {
  const char* name;
  int minArgs, maxArgs;  // maxArgs -1: any number
  const char* usage;     // arguments and meaning, for messages and the README
};

const std::vector<CommandSyntax>& scriptCommands();

// Parses script text; returns false and fills error ("FILE:LINE: message") on the first problem.
bool parseScript(const std::string& text, const std::string& fileName, std::vector<ScriptCommand>& out,
                 std::string& error);
// Reads and parses a script file.
bool loadScript(const std::string& path, std::vector<ScriptCommand>& out, std::string& error);

// Numbers in script arguments: the whole word must be a finite number.
bool parseScriptNumber(const std::string& word, double& out);
bool parseScriptInteger(const std::string& word, long& out);

// set-muscle INDEX excitation VALUE|schedule.
struct MuscleCommand {
  long muscle = 0;
  bool schedule = false;   // back to the scene's excitation schedule
  double excitation = 0.0;  // otherwise held constant at this value, in [0, 1]
};
// Checks the arguments of set-muscle (the index against the scene is checked when it runs):
// false with the reason, which names the muscle index, the value and the range [0, 1].
bool parseSetMuscle(const std::vector<std::string>& args, MuscleCommand& out, std::string& error);

}  // namespace articulab::gui
