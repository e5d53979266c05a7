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
  Run recording(run_.sharedModel(), run_.plan().request);
  recording.restore(run_.state(), run_.monitor());
  recording.record(selection.columns, every);
  recording.advance(steps);
  if (!recording.failed()) recording.finishRecording();

  const TimeSeriesRecorder& recorder = *recording.recorder();
  RecordedTable table;
  std::vector<std::size_t> columns;
  for (std::size_t c = 0; c < recorder.channels().size(); ++c) {
    const ChannelDef& channel = recorder.channels()[c];
    if (!selection.returns(channel)) continue;
    columns.push_back(c);
    table.names.push_back(channel.name);
    table.units.push_back(channel.unit);
    table.groups.push_back(channel.group);
  }
  table.rows = recorder.rows();
  table.values.reserve(table.rows * columns.size());
  for (std::size_t r = 0; r < table.rows; ++r)
    for (std::size_t c : columns) table.values.push_back(recorder.value(r, c));

  if (recording.failed()) run_ = std::move(recording);  // its recorder goes at reset() or setState()
  else run_.restore(recording.state(), recording.monitor());
  return table;
}

const VectorX& PythonRun::forwardDynamics() { return run_.forwardDynamics(); }

void PythonRun::dropRecorder() {
  if (run_.recorder()) run_ = Run(run_.sharedModel(), run_.plan().request);
}

void PythonRun::reset() {
  checkNotBusy();
  dropRecorder();
  run_.reset();
}

void PythonRun::setState(const StateEdit& edit) {
  checkNotBusy();
  const State edited = editedState(run_.model(), run_.state(), edit);
  RunMonitor monitor;
  monitor.start(run_.model(), edited);
  dropRecorder();
  run_.restore(edited, monitor);
}

}  // namespace articulab::python
