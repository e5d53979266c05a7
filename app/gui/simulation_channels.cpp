// The plot panes' channels evaluated at the history's keyframes (Simulation, channel_recording.hpp).
#include "app/gui/channel_recording.hpp"
#include "app/gui/simulation.hpp"

namespace articulab::gui {

namespace {

bool needsAccelerations(const std::vector<ChannelDef>& channels) {
  for (const ChannelDef& c : channels)
    if (c.kind == ChannelKind::Qdd) return true;
  return false;
}

}  // namespace

// Resolves the names in the model's catalogue (unknown names are dropped) and starts the series again.
void Simulation::restartChannelsLocked(ChannelRecording& rec) const {
  const std::vector<ChannelDef> catalog = channelCatalog(*model_);
  rec.channels.clear();
  std::vector<Channel> columns = {{"t", "s", "t"}};
  for (const std::string& name : rec.names_)
    if (const int c = findChannel(catalog, name); c >= 0) {
      rec.channels.push_back(catalog[c]);
      columns.push_back({catalog[c].name, catalog[c].unit, catalog[c].name});
    }
  rec.series.setChannels(std::move(columns));
  rec.row.assign(rec.channels.size() + 1, 0.0);
  rec.qdd = VectorX::Zero(model_->nq);
  rec.stale = false;
  rec.sceneVersion = sceneVersion_;
  rec.historyGeneration = history_.generation();
}

void Simulation::updateChannels(ChannelRecording& rec) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!model_ || !backendInfo_) return;
  if (rec.stale || rec.sceneVersion != sceneVersion_ || rec.historyGeneration != history_.generation())
    restartChannelsLocked(rec);
  if (rec.modelVersion != modelVersion_ || rec.backend != backendInfo_->name) {  // edits keep the rows evaluated so far
    rec.solver = needsAccelerations(rec.channels)
                     ? backendInfo_->create(*model_, sceneSolverOptions(*backendInfo_, *model_, integrator_))
                     : nullptr;
    rec.modelVersion = modelVersion_;
    rec.backend = backendInfo_->name;
  } else if (!rec.solver && needsAccelerations(rec.channels)) {
    rec.solver = backendInfo_->create(*model_, sceneSolverOptions(*backendInfo_, *model_, integrator_));
  }
  std::size_t k = 0;
  if (rec.series.size() > 0) {
    k = history_.indexAt(rec.lastTime);
    if (k < history_.size() && history_.at(k).state.t <= rec.lastTime) ++k;
  }
  for (; k < history_.size(); ++k) {
    const State& state = history_.at(k).state;
    if (rec.solver) rec.solver->forwardDynamics(*model_, state, rec.qdd);  // as `articulab run --record qdd`
    ChannelEvaluator evaluator(*model_, state, rec.solver ? &rec.qdd : nullptr);
    rec.row[0] = state.t;
    for (std::size_t c = 0; c < rec.channels.size(); ++c) rec.row[c + 1] = evaluator.value(rec.channels[c]);
    rec.series.push(rec.row.data());
    rec.lastTime = state.t;
  }
}

}  // namespace articulab::gui
