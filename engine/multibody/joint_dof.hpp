// Compile-time sizes for the per-joint products: a joint has nq <= 6 coordinates, and the
// recursions run fastest when each joint's 6 x nq basis is a fixed-size matrix.
#pragma once

#include <type_traits>

#include "engine/spatial/types.hpp"

namespace articulab::joint_dof {

template <int N>
using Basis = Eigen::Matrix<double, 6, N>;
template <int N>
using Square = Eigen::Matrix<double, N, N>;
template <int N>
using Coordinates = Eigen::Matrix<double, N, 1>;

// Calls f(std::integral_constant<int, nq>{}) so that f can use nq as a compile-time size
// (decltype(n)::value); nq outside 1..6 is passed as 0.
template <class F>
decltype(auto) withDof(int nq, F&& f) {
  switch (nq) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 3: return f(std::integral_constant<int, 3>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 5: return f(std::integral_constant<int, 5>{});
    case 6: return f(std::integral_constant<int, 6>{});
    default: return f(std::integral_constant<int, 0>{});
  }
}

}  // namespace articulab::joint_dof
