// NumPy arrays of the engine's vectors and matrices (read-only copies: a snapshot that editing
// cannot mistake for the run's state), and numbers from Python arguments, checked.
#pragma once

#include <pybind11/numpy.h>

#include <vector>

#include "engine/multibody/state.hpp"
#include "python/src/bindings.hpp"

namespace articulab::python {

using Array = py::array_t<double>;

Array arrayOf(const VectorX& values);
Array arrayOf(const Vector3& values);
// (bodies, 4, 4): each body's world pose E_0i.
Array posesArray(const std::vector<Matrix4>& poses);
// (bodies, 6): each body's twist phi_i = (omega; v) in body coordinates.
Array twistsArray(const std::vector<Vector6>& twists);
// (rows, columns) of row-major values.
Array tableArray(const std::vector<double>& values, std::size_t rows, std::size_t columns);

// A number or a 1-D sequence of numbers; InputError naming field otherwise.
std::vector<double> numbersFrom(py::handle value, const std::string& field);
// Exactly `size` finite numbers (one per coordinate); InputError naming field otherwise.
VectorX coordinatesFrom(py::handle value, const std::string& field, Eigen::Index size);

}  // namespace articulab::python
