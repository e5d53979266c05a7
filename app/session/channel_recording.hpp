// The catalogue channels (engine/diagnostics/channel_catalog.hpp) the plot panes show,
// evaluated at the history's keyframes (state_history.hpp) by Session::updateChannels: so a
// channel picked late has the whole history at once, the rows are the states the timeline
// scrubs, and the physics thread's step loop does no extra work.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/session/state_history.hpp"
#include "app/session/time_series.hpp"
#include "engine/diagnostics/channel_catalog.hpp"
#include "engine/run/run_plan.hpp"
#include "engine/solvers/solver.hpp"

namespace articulab::session {

// The session's run as the recording evaluates it: the model, the main run's plan, and the
// versions that tell when to start again.
struct RecordedRun {
  const Model& model;
  const RunPlan& plan;
  std::uint64_t sceneVersion, modelVersion;
  const StateHistory& history;
};

class ChannelRecording {
 public:
  static constexpr std::size_t kCapacity = 1 << 17;  // rows: about 9 minutes at 240 keyframes per second

  // Asks for these channels (catalogue names, no duplicates); the series starts again.
  void request(std::vector<std::string> names);
  const std::vector<std::string>& names() const { return names_; }
  // The column of a channel in series (0 is t), or -1 when it is not recorded.
  int column(const std::string& name) const;

  // Evaluates the channels at the keyframes not seen yet (all of them after a Reset, a resume,
  // another scene or a change of the names).
  void update(const RecordedRun& run);

  TimeSeries series{{{"t", "s", "t"}}, kCapacity};

 private:
  void restart(const RecordedRun& run);

  std::vector<std::string> names_;
  bool stale = true;  // the names changed: evaluate from the first keyframe again
  std::uint64_t sceneVersion = ~0ull, modelVersion = ~0ull, historyGeneration = ~0ull;
  std::string backend;
  double lastTime = 0.0;  // s, of the last keyframe evaluated (when series has rows)
  std::vector<ChannelDef> channels;  // names_ resolved in the current model's catalogue
  std::unique_ptr<Solver> solver;    // forward dynamics for the qdd channels (the run's back-end)
  VectorX qdd;
  std::vector<double> row;
};

// Writes t and the recorded channels as CSV ("name [unit]" headers, as `articulab run --csv`).
// False with the reason naming the file.
bool writeChannelsCsv(const ChannelRecording& recording, const std::string& path, std::string& error);

}  // namespace articulab::session
