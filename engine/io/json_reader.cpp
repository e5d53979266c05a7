#include "engine/io/json_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "engine/io/scene_loader.hpp"
#include "engine/spatial/se3.hpp"
#include "engine/spatial/so3.hpp"

namespace articulab::scene_io {

namespace {

std::size_t editDistance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

double resolveParameter(const Node& node, const std::string& text) {
  if (node.context().parametersPending) throw ParametersPending{};
  const std::string name = text.substr(1);
  const auto& parameters = node.context().parameters;
  const auto found = parameters.find(name);
  if (found == parameters.end()) {
    std::vector<std::string> declared;
    for (const auto& entry : parameters) declared.push_back(entry.first);
    node.fail(
        "unknown parameter " + inQuotes(name) + suggestion(name, declared) + "; " +
        (declared.empty() ? "this scene declares no \"parameters\"" : "declared parameters: " + listNames(declared)));
  }
  if (!std::isfinite(found->second))
    node.fail("parameter " + inQuotes(name) + " is " + formatNumber(found->second) + "; expected a finite number");
  return found->second;
}

}  // namespace

std::string Node::pointer() const {
  if (!parent_) return rootPointer_;
  std::string out = parent_->pointer();
  out += '/';
  out += key_ ? pointerToken(*key_) : std::to_string(index_);
  return out;
}

std::string Node::fieldPointer(std::string_view key) const {
  std::string out = pointer();
  out += '/';
  out += pointerToken(std::string(key));
  return out;
}

Node Node::operator[](std::string_view key) const {
  if (!value_->is_object()) failField(key, "missing required field " + inQuotes(std::string(key)));
  const auto found = value_->find(key);
  if (found == value_->end()) failField(key, "missing required field " + inQuotes(std::string(key)));
  return Node(*found, *this, &found.key(), 0);
}

Node Node::element(std::size_t index) const { return Node(value_->at(index), *this, nullptr, index); }

void Node::fail(const std::string& message) const { throw SceneError(context_->file, pointer(), message); }

void Node::failField(std::string_view key, const std::string& message) const {
  throw SceneError(context_->file, fieldPointer(key), message);
}

void expectObject(const Node& node) {
  if (!node.json().is_object()) node.fail("expected an object, got " + describeValue(node.json()));
}

namespace {

// The keys of an object checked against `allowed`, a list of names (the names as strings only
// for the message: no copies on the way of a valid scene).
template <typename Names>
void expectKeysIn(const Node& node, const Names& allowed) {
  expectObject(node);
  for (const auto& item : node.json().items()) {
    if (std::find(allowed.begin(), allowed.end(), item.key()) != allowed.end()) continue;
    const std::vector<std::string> names(allowed.begin(), allowed.end());
    node.failField(item.key(), "unknown key " + inQuotes(item.key()) + suggestion(item.key(), names) +
                                   "; allowed keys here: " + listNames(names, names.size()));
  }
}

}  // namespace

void expectObject(const Node& node, std::initializer_list<std::string_view> allowed) { expectKeysIn(node, allowed); }

void expectObject(const Node& node, const std::vector<std::string>& allowed) { expectKeysIn(node, allowed); }

std::size_t expectArray(const Node& node) {
  if (!node.json().is_array()) node.fail("expected an array, got " + describeValue(node.json()));
  return node.json().size();
}

double readNumber(const Node& node) {
  const Json& value = node.json();
  double number = 0.0;
  if (value.is_number())
    number = value.get<double>();
  else if (value.is_string() && value.get<std::string>().size() > 1 && value.get<std::string>()[0] == '$')
    number = resolveParameter(node, value.get<std::string>());
  else
    node.fail("expected a number or a \"$parameter\" reference, got " + describeValue(value));
  if (!std::isfinite(number)) node.fail("expected a finite number, got " + formatNumber(number));
  return number;
}

double readPositive(const Node& node) {
  const double value = readNumber(node);
  if (value <= 0.0) node.fail("expected a positive number, got " + formatNumber(value));
  return value;
}

double readNonNegative(const Node& node) {
  const double value = readNumber(node);
  if (value < 0.0) node.fail("expected a number >= 0, got " + formatNumber(value));
  return value;
}

int readCount(const Node& node, int maximum) {
  const double value = readNumber(node);
  if (value < 1.0 || value != std::floor(value))
    node.fail("expected a positive whole number, got " + formatNumber(value));
  if (value > maximum) node.fail("expected at most " + std::to_string(maximum) + ", got " + formatNumber(value));
  return static_cast<int>(value);
}

std::string readString(const Node& node) {
  if (!node.json().is_string()) node.fail("expected a string, got " + describeValue(node.json()));
  return node.json().get<std::string>();
}

std::string readName(const Node& node) {
  const std::string name = readString(node);
  if (name.empty()) node.fail("expected a non-empty name");
  return name;
}

VectorX readNumbers(const Node& node, int length) {
  const auto expected = [length] { return "expected an array of " + std::to_string(length) + " numbers"; };
  if (!node.json().is_array()) node.fail(expected() + ", got " + describeValue(node.json()));
  if (node.json().size() != static_cast<std::size_t>(length))
    node.fail(expected() + ", got " + std::to_string(node.json().size()));
  VectorX out(length);
  for (int i = 0; i < length; ++i) out[i] = readNumber(node.element(i));
  return out;
}

Vector3 readVector3(const Node& node) { return readNumbers(node, 3); }

Vector3 readAxis(const Node& node) {
  const Vector3 axis = readVector3(node);
  const double length = axis.norm();
  if (!(length > 1e-12) || !std::isfinite(length))
    node.fail("expected a non-zero axis (it is normalised), got [" + formatNumber(axis.x()) + ", " +
              formatNumber(axis.y()) + ", " + formatNumber(axis.z()) + "]");
  // An axis that is unit to rounding (one this function returned, written by a saved scene) is
  // kept as it is, so that a saved scene reads back to the same bits.
  if (std::abs(length - 1.0) <= 4.0 * std::numeric_limits<double>::epsilon()) return axis;
  return axis / length;
}

VectorX readCoordinates(const Node& node, int length) {
  if (length == 1 && !node.json().is_array()) return VectorX::Constant(1, readNumber(node));
  return readNumbers(node, length);
}

namespace {

// Rows [[r00, r01, r02], [...], [...]] of a rotation matrix: orthonormal to 1e-9, determinant +1.
Matrix3 readRotationMatrix(const Node& node) {
  if (node.json().size() != 3) node.fail("expected a rotation vector [x, y, z] or 3 rows of a rotation matrix");
  Matrix3 R;
  for (int r = 0; r < 3; ++r) R.row(r) = readVector3(node.element(r)).transpose();
  const double error = (R.transpose() * R - Matrix3::Identity()).cwiseAbs().maxCoeff();
  if (!(error <= 1e-9) || R.determinant() < 0.0)
    node.fail("the rows are not a rotation matrix (orthonormal, determinant +1; off by " + formatNumber(error) +
              "); expected a rotation vector [x, y, z] or the rows of a rotation");
  return R;
}

}  // namespace

constexpr double kLargestRotationAngle = 1e6;  // rad

// A rotation vector (axis times angle, sueda eq 1.3) or the rows of a rotation matrix, which a
// saved scene uses when the rotation vector would not read back to exactly the same matrix.
Matrix3 readRotation(const Node& node) {
  if (node.json().is_array() && !node.json().empty() && node.json()[0].is_array()) return readRotationMatrix(node);
  const Vector3 w = readVector3(node);
  // Past about 1e6 rad the angle's cosine keeps no significant digit (and |w|^2 overflows at 1e154).
  if (!(w.norm() <= kLargestRotationAngle))
    node.fail("expected a rotation vector (axis times angle) of at most " + formatNumber(kLargestRotationAngle) +
              " rad, got an angle of " + formatNumber(w.norm()) + " rad");
  return so3::exp(w);
}

Matrix4 readPose(const Node& object, const std::string& positionKey, const std::string& rotationKey) {
  const Vector3 p = object.has(positionKey) ? readVector3(object[positionKey]) : Vector3::Zero();
  const Matrix3 R = object.has(rotationKey) ? readRotation(object[rotationKey]) : so3::exp(Vector3::Zero());
  return se3::make(R, p);
}

std::string inQuotes(const std::string& text) { return "\"" + text + "\""; }

namespace {

constexpr std::size_t kLongestQuotedString = 60;

// The first kLongestQuotedString bytes of a long string and its length.
std::string shortened(const std::string& text) {
  if (text.size() <= kLongestQuotedString) return text;
  return text.substr(0, kLongestQuotedString) + "... (" + std::to_string(text.size()) + " characters)";
}

}  // namespace

std::string describeValue(const Json& value) {
  if (value.is_string()) return "string " + inQuotes(shortened(value.get<std::string>()));
  if (value.is_number()) return "number " + formatNumber(value.get<double>());
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_null()) return "null";
  if (value.is_array()) return "an array of " + std::to_string(value.size()) + " elements";
  return "an object";
}

std::string shortJson(const Json& value) {
  if (value.is_structured()) return describeValue(value);
  if (value.is_string() && value.get<std::string>().size() > kLongestQuotedString)
    return inQuotes(shortened(value.get<std::string>()));
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string listNames(const std::vector<std::string>& names, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < limit; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > limit) out += ", ... (" + std::to_string(names.size()) + " in all)";
  return out;
}

std::string suggestion(const std::string& given, const std::vector<std::string>& candidates) {
  const std::string* best = nullptr;
  std::size_t bestDistance = std::min<std::size_t>(2, given.size() / 3);  // no guesses for very short names
  for (const std::string& candidate : candidates) {
    const std::size_t distance = editDistance(given, candidate);
    if (distance <= bestDistance) {
      best = &candidate;
      bestDistance = distance;
    }
  }
  return best ? " (did you mean " + inQuotes(*best) + "?)" : "";
}

std::string formatNumber(double value) {
  std::ostringstream out;
  out.precision(12);
  out << value;
  return out.str();
}

}  // namespace articulab::scene_io
