// articulab.Scene: a loaded model, immutable, so that runs on several threads may share it.
#pragma once

#include <memory>

#include "engine/multibody/model.hpp"

namespace articulab::python {

struct Scene {
  std::shared_ptr<const Model> model;
};

}  // namespace articulab::python
