// Typed, validated reading of scene JSON values. Every failure throws SceneError with the
// JSON pointer of the offending value and what was expected.
#pragma once

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/io/scene_json.hpp"
#include "engine/io/scene_size.hpp"
#include "engine/spatial/types.hpp"

namespace articulab::scene_io {

// What every reader needs: the file for messages, the scene parameters ("$name" values), the
// limits on the model's size (resolved: memoryBytes set) and, once the joint tree is built, the
// index of its bodies by name (for the references of constraints, forces and muscles).
struct ReadContext {
  std::string file;
  std::map<std::string, double> parameters;
  SceneLimits limits;
  std::unordered_map<std::string, int> bodyIndex;
  // While the parse has not yet reached a "parameters" that may follow: a "$name" then throws
  // ParametersPending instead of resolving (the entry is read again once the file is parsed).
  bool parametersPending = false;
};

// Thrown by readNumber for a "$name" while the context's parameters are pending.
struct ParametersPending {};

// A JSON value together with its JSON pointer in the scene file. The pointer is built only when
// asked for (a message): a node keeps its parent node and its key or index, so reading a valid
// scene builds no pointer strings (issue 31). A node refers to its parent: it lives no longer.
class Node {
 public:
  // A root (a whole document, or one entry of a list read on its own) at `pointer`.
  Node(const Json& value, std::string pointer, const ReadContext& context)
      : value_(&value), rootPointer_(std::move(pointer)), context_(&context) {}

  const Json& json() const { return *value_; }
  std::string pointer() const;
  const ReadContext& context() const { return *context_; }
  // The pointer of a field of this object, present or not.
  std::string fieldPointer(std::string_view key) const;

  bool has(std::string_view key) const { return value_->is_object() && value_->contains(key); }
  // A required field; throws "missing required field" at the field's pointer.
  Node operator[](std::string_view key) const;
  // Element of an array checked with expectArray.
  Node element(std::size_t index) const;

  [[noreturn]] void fail(const std::string& message) const;
  [[noreturn]] void failField(std::string_view key, const std::string& message) const;

 private:
  // A field (key: the key as the parent object stores it) or an element of `parent`.
  Node(const Json& value, const Node& parent, const std::string* key, std::size_t index)
      : value_(&value), parent_(&parent), key_(key), index_(index), context_(parent.context_) {}

  const Json* value_;
  const Node* parent_ = nullptr;     // nullptr for a root
  const std::string* key_ = nullptr;  // a field's key; nullptr for an element or a root
  std::size_t index_ = 0;             // an element's index
  std::string rootPointer_;           // a root's pointer
  const ReadContext* context_;
};

// Checks that node is an object, with any keys.
void expectObject(const Node& node);
// Checks that node is an object whose keys are all in allowed (naming them if not).
void expectObject(const Node& node, std::initializer_list<std::string_view> allowed);
void expectObject(const Node& node, const std::vector<std::string>& allowed);
// Checks that node is an array; returns its length.
std::size_t expectArray(const Node& node);

// A number, or a "$name" string naming a scene parameter; always finite.
double readNumber(const Node& node);
double readPositive(const Node& node);
double readNonNegative(const Node& node);
// A whole number in [1, maximum].
int readCount(const Node& node, int maximum);
std::string readString(const Node& node);
// A non-empty string.
std::string readName(const Node& node);
// An array of exactly `length` numbers.
VectorX readNumbers(const Node& node, int length);
Vector3 readVector3(const Node& node);
// A non-zero 3-vector, returned normalised (as given when its length is 1 to rounding).
Vector3 readAxis(const Node& node);
// Joint coordinates: an array of `length` numbers, or a single number when length is 1.
VectorX readCoordinates(const Node& node, int length);
// A rotation: a rotation vector (axis times angle, radians) or the three rows of a rotation matrix.
Matrix3 readRotation(const Node& node);
// The pose E = (R(rotation), position) from two optional fields of an object (readRotation).
Matrix4 readPose(const Node& object, const std::string& positionKey, const std::string& rotationKey);

// Helpers for messages.
std::string inQuotes(const std::string& text);
// What a JSON value is, for "got ..." in messages: "number 2", "string \"x\"", "an array of 3
// elements", "an object".
std::string describeValue(const Json& value);
// A short text of the value: a scalar as JSON (long strings cut), an array or object described.
std::string shortJson(const Json& value);
// "a, b, c"; beyond `limit` names, the first `limit` followed by "... (N in all)".
std::string listNames(const std::vector<std::string>& names, std::size_t limit = 12);
// " (did you mean \"x\"?)" for a close candidate, else "".
std::string suggestion(const std::string& given, const std::vector<std::string>& candidates);
std::string formatNumber(double value);

}  // namespace articulab::scene_io
