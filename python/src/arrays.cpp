#include "python/src/arrays.hpp"

#include <cmath>

#include "python/src/errors.hpp"

namespace articulab::python {

namespace {

Array readOnly(Array array) {
  py::detail::array_proxy(array.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return array;
}

std::string shapeText(const py::array& array) {
  std::string text = "(";
  for (py::ssize_t d = 0; d < array.ndim(); ++d) text += (d ? ", " : "") + std::to_string(array.shape(d));
  return text + (array.ndim() == 1 ? ",)" : ")");
}

}  // namespace

Array arrayOf(const VectorX& values) {
  Array array(values.size());
  std::copy(values.data(), values.data() + values.size(), array.mutable_data());
  return readOnly(std::move(array));
}

Array arrayOf(const Vector3& values) {
  Array array(3);
  std::copy(values.data(), values.data() + 3, array.mutable_data());
  return readOnly(std::move(array));
}

Array posesArray(const std::vector<Matrix4>& poses) {
  Array array({static_cast<py::ssize_t>(poses.size()), py::ssize_t{4}, py::ssize_t{4}});
  auto out = array.mutable_unchecked<3>();
  for (std::size_t b = 0; b < poses.size(); ++b)
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c) out(static_cast<py::ssize_t>(b), r, c) = poses[b](r, c);
  return readOnly(std::move(array));
}

Array twistsArray(const std::vector<Vector6>& twists) {
  Array array({static_cast<py::ssize_t>(twists.size()), py::ssize_t{6}});
  auto out = array.mutable_unchecked<2>();
  for (std::size_t b = 0; b < twists.size(); ++b)
    for (int k = 0; k < 6; ++k) out(static_cast<py::ssize_t>(b), k) = twists[b][k];
  return readOnly(std::move(array));
}

Array tableArray(const std::vector<double>& values, std::size_t rows, std::size_t columns) {
  Array array({static_cast<py::ssize_t>(rows), static_cast<py::ssize_t>(columns)});
  std::copy(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rows * columns), array.mutable_data());
  return readOnly(std::move(array));
}

std::vector<double> numbersFrom(py::handle value, const std::string& field) {
  using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;
  const Doubles array = Doubles::ensure(value);
  if (!array) throw InputError(field, "expected a number or a sequence of numbers, got " + std::string(py::str(py::type::of(value).attr("__name__"))));
  if (array.ndim() > 1) throw InputError(field, "expected a number or a 1-D sequence of numbers, got an array of shape " + shapeText(array));
  return std::vector<double>(array.data(), array.data() + array.size());
}

VectorX coordinatesFrom(py::handle value, const std::string& field, Eigen::Index size) {
  const std::vector<double> numbers = numbersFrom(value, field);
  if (static_cast<Eigen::Index>(numbers.size()) != size)
    throw InputError(field, "expected " + std::to_string(size) + " values (one per coordinate), got " +
                                std::to_string(numbers.size()));
  for (std::size_t k = 0; k < numbers.size(); ++k)
    if (!std::isfinite(numbers[k])) throw InputError(field, "value " + std::to_string(k + 1) + " is not a finite number");
  return Eigen::Map<const VectorX>(numbers.data(), size);
}

}  // namespace articulab::python
