// Scene values as JSON for the scene writer: vectors, joint coordinates and poses in the forms
// the loader reads (json_reader.hpp), each reading back to the same doubles.
#pragma once

#include <string>

#include "engine/io/json_layout.hpp"
#include "engine/spatial/types.hpp"

namespace articulab::scene_io {

OrderedJson vector3(const Vector3& v);
OrderedJson numbers(const VectorX& v);
// One coordinate as a plain number, several as an array (scene-format.md, Joints).
OrderedJson coordinates(const VectorX& v);
// A rotation vector when it reads back to exactly R (sueda eq 1.3-1.4), else the matrix rows.
OrderedJson rotation(const Matrix3& R);
// The pose E as `positionKey` and `rotationKey` fields of out, each left out where it is zero.
void putPose(OrderedJson& out, const Matrix4& E, const std::string& positionKey, const std::string& rotationKey);

}  // namespace articulab::scene_io
