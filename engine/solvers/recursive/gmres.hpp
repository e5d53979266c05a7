// Restarted GMRES with left preconditioning on preallocated buffers (Saad and Schultz 1986;
// Saad, Iterative Methods for Sparse Linear Systems, Alg 9.4): solves M^-1 A x = M^-1 b for a
// non-symmetric A given only as a product, so no step of it allocates. The residual it
// minimises and reports is the preconditioned one, |M^-1 (b - A x)| / |M^-1 b|: with M close to
// A this measures the error of x itself, whatever the scaling of the rows of A.
#pragma once

#include <algorithm>
#include <cmath>

#include "engine/spatial/types.hpp"

namespace articulab {

struct KrylovReport {
  int iterations = 0;             // Arnoldi steps, one product with A and with M^-1 each
  double relativeResidual = 0.0;  // |M^-1 (b - A x)| / |M^-1 b| at exit
  bool converged = false;
};

class Gmres {
 public:
  // n unknowns, Krylov basis of at most `restart` vectors between restarts.
  Gmres(int n, int restart);

  // A(in, out): out = A in. preconditioner(in, out): out ~ A^-1 in. x holds the initial guess
  // on entry. Stops when the relative preconditioned residual is below tolerance or after
  // maxIterations products.
  template <class Product, class Preconditioner>
  KrylovReport solve(Product&& A, Preconditioner&& preconditioner, const VectorX& b, VectorX& x, double tolerance,
                     int maxIterations);

 private:
  // One Arnoldi step: column j of H from M^-1 A v_j, orthogonalised against v_0..v_j
  // (modified Gram-Schmidt), reduced to triangular form by the previous Givens rotations.
  template <class Product, class Preconditioner>
  void arnoldiStep(Product& A, Preconditioner& preconditioner, int j);
  // Rotation that zeroes H(j+1, j); applied to g as well.
  void eliminateSubdiagonal(int j);
  // x += V y with H y = g (the first k columns).
  void updateSolution(int k, VectorX& x);

  int restart_;
  MatrixX V_;  // n x (restart + 1) orthonormal basis
  MatrixX H_;  // (restart + 1) x restart Hessenberg matrix, triangularised in place
  VectorX cosines_, sines_, g_, y_;
  VectorX r_, w_, z_;  // residual, M^-1 A v, A v
};

template <class Product, class Preconditioner>
KrylovReport Gmres::solve(Product&& A, Preconditioner&& preconditioner, const VectorX& b, VectorX& x,
                          double tolerance, int maxIterations) {
  KrylovReport report;
  preconditioner(b, r_);
  const double bNorm = r_.norm();
  if (bNorm == 0.0) {
    x.setZero();
    report.converged = true;
    return report;
  }
  while (true) {
    A(x, z_);
    z_ = b - z_;
    preconditioner(z_, r_);
    const double beta = r_.norm();
    report.relativeResidual = beta / bNorm;
    report.converged = beta <= tolerance * bNorm;
    if (report.converged || report.iterations >= maxIterations || !std::isfinite(beta)) return report;
    V_.col(0) = r_ / beta;
    g_.setZero();
    g_[0] = beta;
    int k = 0;
    while (k < restart_ && report.iterations < maxIterations) {
      arnoldiStep(A, preconditioner, k);
      eliminateSubdiagonal(k);
      ++k;
      ++report.iterations;
      // |g_k| is the residual of the current iterate; H(k, k-1) = 0 means the Krylov space is invariant.
      if (std::abs(g_[k]) <= tolerance * bNorm || H_(k, k - 1) == 0.0) break;
    }
    updateSolution(k, x);
  }
}

template <class Product, class Preconditioner>
void Gmres::arnoldiStep(Product& A, Preconditioner& preconditioner, int j) {
  r_ = V_.col(j);
  A(r_, z_);
  preconditioner(z_, w_);
  for (int i = 0; i <= j; ++i) {
    H_(i, j) = V_.col(i).dot(w_);
    w_ -= H_(i, j) * V_.col(i);
  }
  const double norm = w_.norm();
  H_(j + 1, j) = norm;
  if (norm > 0.0) V_.col(j + 1) = w_ / norm;
  for (int i = 0; i < j; ++i) {
    const double top = cosines_[i] * H_(i, j) + sines_[i] * H_(i + 1, j);
    H_(i + 1, j) = -sines_[i] * H_(i, j) + cosines_[i] * H_(i + 1, j);
    H_(i, j) = top;
  }
}

}  // namespace articulab
