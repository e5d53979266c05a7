#include "python/src/python_run.hpp"

#include "python/src/errors.hpp"

namespace articulab::python {

PythonRun::PythonRun(std::shared_ptr<const Model> model, const RunRequest& request) : run_(std::move(model), request) {}

void PythonRun::checkNotBusy() const {
  if (busy_.load()) throw std::runtime_error("this Run is being stepped by another thread: a Run takes one call at a time");
}

const Run& PythonRun::run() const {
  checkNotBusy();
  return run_;
}

void PythonRun::throwIfFailed() const {
  if (run_.failed()) throw Diverged(run_);
}

PythonRun::Busy::Busy(PythonRun& run) : run_(run) {
  if (run.busy_.exchange(true))
    throw std::runtime_error("this Run is being stepped by another thread: a Run takes one call at a time");
}

PythonRun::Busy::~Busy() { run_.busy_.store(false); }

long PythonRun::advance(long steps) { return run_.advance(steps); }

RecordedTable PythonRun::record(const ChannelSelection& selection, long steps, long every) {
  run_.record(selection.columns, every);
  run_.advance(steps);
  if (!run_.failed()) run_.finishRecording();
  const std::unique_ptr<TimeSeriesRecorder> recorder = run_.takeRecording();
  RecordedTable table;
  std::vector<std::size_t> columns;
  for (std::size_t c = 0; c < recorder->channels().size(); ++c) {
    const ChannelDef& channel = recorder->channels()[c];
    if (!selection.returns(channel)) continue;
    columns.push_back(c);
    table.names.push_back(channel.name);
    table.units.push_back(channel.unit);
    table.groups.push_back(channel.group);
  }
  table.rows = recorder->rows();
  table.values.reserve(table.rows * columns.size());
  for (std::size_t r = 0; r < table.rows; ++r)
    for (std::size_t c : columns) table.values.push_back(recorder->value(r, c));
  return table;
}

const VectorX& PythonRun::forwardDynamics() { return run_.forwardDynamics(); }

void PythonRun::reset() {
  checkNotBusy();
  run_.reset();
}

void PythonRun::setState(const StateEdit& edit) {
  checkNotBusy();
  const State& now = run_.state();
  VectorX q = edit.q ? *edit.q : now.q;
  const VectorX qd = edit.qd ? *edit.qd : now.qd;
  const std::vector<bool> held = heldCoordinates(run_.model(), now.q, q, edit.hold);
  try {
    run_.setCoordinates(std::move(q), qd, held);
  } catch (const RunRefusal& refused) {
    throw InputError(refused.field(), refused.what());
  }
}

}  // namespace articulab::python
