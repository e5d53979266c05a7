// articulab.study (the package's study() wraps it): a study file through the studies' worker
// pool (app/study) into a results store, as `articulab study FILE --jobs N --out DIR` runs it
// (cases finished in the store before are kept), with the GIL released. Ctrl-C: the calling
// thread, which alone sees Python's signals, checks them while the pool runs on a thread of its
// own, stops the pool cleanly (finished rows stay in the store) and raises KeyboardInterrupt.
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <pybind11/stl.h>

#include "app/study/study_grid.hpp"
#include "app/study/study_pool.hpp"
#include "app/study/study_row.hpp"
#include "app/study/study_store.hpp"
#include "python/src/bindings.hpp"
#include "python/src/errors.hpp"

namespace articulab::python {

namespace {

constexpr std::chrono::milliseconds kSignalCheck{50};

// The pool on a thread of its own until it ends; every kSignalCheck the calling thread takes the
// GIL and checks for signals. Returns false with the Python error set when a signal handler
// raised (the pool then stopped).
bool runPool(const study::Study& plan, const std::vector<study::StudyCase>& cases, const study::StudyStore& store,
             unsigned jobs) {
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex mutex;
  std::condition_variable ended;
  bool done = false;
  PyObject *type = nullptr, *value = nullptr, *traceback = nullptr;
  {
    py::gil_scoped_release released;
    std::thread pool([&] {
      try {
        study::runStudyCases(plan, cases, store, jobs, stop);
      } catch (...) {
        failure = std::current_exception();
      }
      const std::lock_guard<std::mutex> lock(mutex);
      done = true;
      ended.notify_one();
    });
    std::unique_lock<std::mutex> lock(mutex);
    while (!ended.wait_for(lock, kSignalCheck, [&] { return done; })) {
      if (stop) continue;
      lock.unlock();
      {
        py::gil_scoped_acquire gil;
        if (PyErr_CheckSignals() != 0) {
          PyErr_Fetch(&type, &value, &traceback);
          stop = true;
        }
      }
      lock.lock();
    }
    lock.unlock();
    pool.join();
  }
  if (type) {
    PyErr_Restore(type, value, traceback);
    return false;
  }
  if (failure) std::rethrow_exception(failure);
  return true;
}

// The rows as dicts: the fields of the store's row files (study_row.hpp) and the largest error.
py::list rowDicts(const std::vector<study::StudyRow>& rows) {
  const py::object loads = py::module_::import("json").attr("loads");
  py::list out;
  for (const study::StudyRow& row : rows) {
    py::dict dict = loads(study::rowJson(row).dump());
    dict.attr("pop")("key");
    const double largest = row.errorLargest();
    dict["error_position_largest"] = std::isfinite(largest) ? py::object(py::float_(largest)) : py::object(py::none());
    out.append(dict);
  }
  return out;
}

// source: a study file's path, or (folder given) the study as JSON text whose scenes resolve
// against folder.
py::list runStudy(const std::string& source, std::optional<std::string> folder, unsigned jobs, const std::string& out) {
  const study::Study plan = folder ? study::readStudyText(source, "<dict>", *folder) : study::readStudy(source);
  const std::vector<study::StudyCase> cases = study::expandStudy(plan);
  std::vector<std::string> ids;
  for (const study::StudyCase& c : cases) ids.push_back(c.id);
  try {
    const study::StudyStore store(out);
    const bool completed = runPool(plan, cases, store, jobs);
    const std::vector<study::StudyRow> rows = store.rows(ids);
    store.writeTable(rows);
    if (!completed) throw py::error_already_set();
    return rowDicts(rows);
  } catch (const study::StoreError& e) {
    throw InputError("out", e.what());
  }
}

}  // namespace

void bindStudy(py::module_& module) {
  module.def("_study", &runStudy, py::arg("source"), py::arg("folder"), py::arg("jobs"), py::arg("out"),
             "The rows of a study run into the store `out` (see articulab.study).");
}

}  // namespace articulab::python
