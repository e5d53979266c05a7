#include "app/session/channel_recording.hpp"

#include <algorithm>
#include <limits>

#include "app/session/csv_export.hpp"
#include "engine/run/run_plan.hpp"

namespace articulab::session {

void ChannelRecording::request(std::vector<std::string> names) {
  if (names == names_) return;
  names_ = std::move(names);
  stale = true;
}

int ChannelRecording::column(const std::string& name) const {
  const std::vector<Channel>& columns = series.channels();
  for (std::size_t c = 1; c < columns.size(); ++c)
    if (columns[c].name == name) return static_cast<int>(c);
  return -1;
}

namespace {

bool needsAccelerations(const std::vector<ChannelDef>& channels) {
  for (const ChannelDef& c : channels)
    if (c.kind == ChannelKind::Qdd) return true;
  return false;
}

}  // namespace

// Resolves the names in the model's catalogue (unknown names are dropped) and starts the series again.
void ChannelRecording::restart(const RecordedRun& run) {
  const std::vector<ChannelDef> catalog = channelCatalog(run.model);
  channels.clear();
  std::vector<Channel> columns = {{"t", "s", "t"}};
  for (const std::string& name : names_)
    if (const int c = findChannel(catalog, name); c >= 0) {
      channels.push_back(catalog[c]);
      columns.push_back({catalog[c].name, catalog[c].unit, catalog[c].name});
    }
  series.setChannels(std::move(columns));
  row.assign(channels.size() + 1, 0.0);
  qdd = VectorX::Zero(run.model.nq);
  stale = false;
  sceneVersion = run.sceneVersion;
  historyGeneration = run.history.generation();
}

void ChannelRecording::update(const RecordedRun& run) {
  const StateHistory& history = run.history;
  if (stale || sceneVersion != run.sceneVersion || historyGeneration != history.generation()) restart(run);
  const BackendInfo& backendInfo = *run.plan.backend;
  if (modelVersion != run.modelVersion || backend != backendInfo.name) {  // edits keep the rows evaluated so far
    solver = needsAccelerations(channels) ? backendInfo.create(run.model, run.plan.options) : nullptr;
    modelVersion = run.modelVersion;
    backend = backendInfo.name;
  } else if (!solver && needsAccelerations(channels)) {
    solver = backendInfo.create(run.model, run.plan.options);
  }
  std::size_t k = 0;
  if (series.size() > 0) {
    k = history.indexAt(lastTime);
    if (k < history.size() && history.at(k).state.t <= lastTime) ++k;
  }
  for (; k < history.size(); ++k) {
    const State& state = history.at(k).state;
    if (solver) solver->forwardDynamics(run.model, state, qdd);  // as `articulab run --record qdd`
    const ForceWork& work = history.at(k).monitor.work;  // the run's W at that state (run_monitor.hpp)
    ChannelEvaluator evaluator(run.model, state, solver ? &qdd : nullptr,
                               work.known() ? work.total() : std::numeric_limits<double>::quiet_NaN());
    row[0] = state.t;
    for (std::size_t c = 0; c < channels.size(); ++c) row[c + 1] = evaluator.value(channels[c]);
    series.push(row.data());
    lastTime = state.t;
  }
}

bool writeChannelsCsv(const ChannelRecording& recording, const std::string& path, std::string& error) {
  return writeCsv(recording.series, path, error);
}

}  // namespace articulab::session
