#include "engine/contact/contact_anchor.hpp"

#include "engine/spatial/se3.hpp"

namespace articulab::contact {

Matrix36 pointVelocityMap(const Matrix4& E, const Vector3& x) {
  const Matrix3 R = E.topLeftCorner<3, 3>();
  return R * se3::Gamma(R.transpose() * (x - E.topRightCorner<3, 1>()));
}

Vector3 pointInBody(const Matrix4& E, const Vector3& x) {
  return E.topLeftCorner<3, 3>().transpose() * (x - E.topRightCorner<3, 1>());
}

ContactAnchor anchorContact(const ContactPoint& point, const std::vector<Matrix4>& E_0i) {
  ContactAnchor anchor;
  anchor.onBody = pointInBody(E_0i[point.body], point.position);
  if (point.other >= 0) anchor.onOther = pointInBody(E_0i[point.other], point.position);
  return anchor;
}

namespace {
Vector3 anchorInWorld(const Matrix4& E, const Vector3& x) {
  return E.topLeftCorner<3, 3>() * x + E.topRightCorner<3, 1>();
}
}  // namespace

double anchoredGap(const ContactPoint& point, const ContactAnchor& anchor, const std::vector<Matrix4>& E_0i) {
  const Vector3 b = anchorInWorld(E_0i[point.body], anchor.onBody);
  const Vector3 a = point.other < 0 ? point.position : anchorInWorld(E_0i[point.other], anchor.onOther);
  return point.gap + point.normal.dot(b - a);
}

void anchoredNormalRow(const ContactPoint& point, const ContactAnchor& anchor, const std::vector<Matrix4>& E_0i,
                       constraints::Row6& jBody, constraints::Row6& jOther) {
  const Matrix3 Rb = E_0i[point.body].topLeftCorner<3, 3>();
  jBody = point.normal.transpose() * Rb * se3::Gamma(anchor.onBody);
  jOther.setZero();
  if (point.other < 0) return;
  const Matrix3 Ra = E_0i[point.other].topLeftCorner<3, 3>();
  jOther = -point.normal.transpose() * Ra * se3::Gamma(anchor.onOther);
}

}  // namespace articulab::contact
