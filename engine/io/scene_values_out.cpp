#include "engine/io/scene_values_out.hpp"

#include "engine/spatial/so3.hpp"

namespace articulab::scene_io {

OrderedJson vector3(const Vector3& v) { return OrderedJson::array({v.x(), v.y(), v.z()}); }

OrderedJson numbers(const VectorX& v) {
  OrderedJson out = OrderedJson::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.push_back(v[i]);
  return out;
}

OrderedJson coordinates(const VectorX& v) { return v.size() == 1 ? OrderedJson(v[0]) : numbers(v); }

OrderedJson rotation(const Matrix3& R) {
  const Vector3 w = so3::log(R);
  if (so3::exp(w) == R) return vector3(w);
  OrderedJson rows = OrderedJson::array();
  for (int r = 0; r < 3; ++r) rows.push_back(vector3(R.row(r).transpose()));
  return rows;
}

void putPose(OrderedJson& out, const Matrix4& E, const std::string& positionKey, const std::string& rotationKey) {
  const Vector3 p = E.block<3, 1>(0, 3);
  const Matrix3 R = E.block<3, 3>(0, 0);
  if (!p.isZero(0.0)) out[positionKey] = vector3(p);
  if (R != Matrix3::Identity()) out[rotationKey] = rotation(R);
}

}  // namespace articulab::scene_io
