// Primary constraint rows of a tree joint in maximal coordinates (sueda notes 1.10, eq 1.69):
// the relative twist delta of child and parent in the joint frame must lie in the span of the
// joint's S, so the rows are a basis P of the complement of S: P^T delta = 0 ("dropping rows").
#pragma once

#include <string>

#include "engine/multibody/joint.hpp"

namespace articulab::constraints {

// Columns of P, 6 x rows, at most six.
using ConstraintBasis = Eigen::Matrix<double, 6, Eigen::Dynamic, Eigen::ColMajor, 6, 6>;

// Whether the joint's rows have a fixed form: every primitive type, free2d and free3d.
// Composite joints are excluded: the span of S depends on the product of their parts.
bool hasFixedConstraintForm(const Joint& joint);
// Why a back-end that needs fixed rows refuses the joint ("joint 'tip' is composite: its
// constraint rows change with the product of its parts, so it has no fixed row form (eq 1.69);
// supported: ..."); empty when it has one.
std::string fixedFormRefusal(const Joint& joint);
// Number of rows: 6 - nq (0 for free3d).
int constraintRowCount(const Joint& joint);
// Fills P (6 x rows) at coordinates q; only the universal joint's P depends on q.
void fillConstraintBasis(const Joint& joint, const double* q, ConstraintBasis& P);
// An orthonormal basis S (6 x (6 - rows)) of the twists that P^T leaves free, P^T S = 0: the
// span of the joint's S. P has orthonormal columns.
void fillFreeBasis(const ConstraintBasis& P, ConstraintBasis& S);

}  // namespace articulab::constraints
