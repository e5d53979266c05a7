// Surface-surface joint (si-guenter section 5, Fig. 1-2): a parametric surface fixed in the
// parent's joint frame and one fixed in the child's joint-side frame stay in contact at one
// point with opposite normals. q = (u_parent, v_parent, u_child, v_child) and
//   Q(q) = F_parent(u_p, v_p) Rz(twist) Rx(pi) F_child(u_c, v_c)^-1
// with F the contact frames of engine/multibody/parametric_surface.hpp: the contact points
// coincide, the normals are opposite and the child's u-tangent makes the constant angle
// `twist` with the parent's about the normal. Fixing that spin leaves 4 DOF, so Omega is
// 4 x 4 as in si-guenter section 4 (TC10: 2 + 9 x 4 = 38 DOF).
#pragma once

#include "engine/multibody/parametric_surface.hpp"
#include "engine/multibody/scleronomic_joint.hpp"

namespace articulab {

class SurfaceSurfaceJoint : public ScleronomicJointOf<SurfaceSurfaceJoint, 4> {
 public:
  SurfaceSurfaceJoint(const ParametricSurface& parent, const ParametricSurface& child, double twist);

  const char* typeName() const override { return "surface_surface"; }
  std::string coordinateHelp() const override;
  std::string checkCoordinates(const double* q) const override;

  const ParametricSurface& parentSurface() const { return parent_; }
  const ParametricSurface& childSurface() const { return child_; }
  double twist() const { return twist_; }

  // Q = F_p Rz(twist) Rx(pi) F_c^-1: rotation R_p C R_c^T, translation p_p - R_p C R_c^T p_c.
  template <class T>
  generic::Matrix4T<T> G(const T* q) const {
    const ContactFrame<T> Fp = contactFrame<T>(parent_, q[0], q[1]);
    const ContactFrame<T> Fc = contactFrame<T>(child_, q[2], q[3]);
    generic::Matrix3T<T> RpC;  // R_p C with C = Rz(twist) Rx(pi), columns (c, s, 0), (s, -c, 0), (0, 0, -1)
    RpC.col(0) = Fp.R.col(0) * cosTwist_ + Fp.R.col(1) * sinTwist_;
    RpC.col(1) = Fp.R.col(0) * sinTwist_ - Fp.R.col(1) * cosTwist_;
    RpC.col(2) = -Fp.R.col(2);
    const generic::Matrix3T<T> R = RpC * Fc.R.transpose();
    return generic::rigid<T>(R, Fp.p - R * Fc.p);
  }

 private:
  ParametricSurface parent_, child_;
  double twist_, cosTwist_, sinTwist_;
};

}  // namespace articulab
