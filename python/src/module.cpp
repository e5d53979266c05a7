// The extension articulab._core (docs/python.md): scenes, back-ends, runs, comparisons, studies
// and the exceptions,
// each bound in its own file; the package articulab (python/articulab) re-exports them.
#include "python/src/bindings.hpp"

PYBIND11_MODULE(_core, module) {
  module.doc() = "Articulab's engine: scenes, back-ends, runs, comparisons and studies (see the package articulab).";
  articulab::python::bindErrors(module);
  articulab::python::bindScene(module);
  articulab::python::bindBackends(module);
  articulab::python::bindRun(module);
  articulab::python::bindCompare(module);
  articulab::python::bindStudy(module);
}
