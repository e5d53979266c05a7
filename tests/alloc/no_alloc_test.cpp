// A time step performs no heap allocation: malloc is replaced by a counting wrapper around
// glibc's allocator (Eigen allocates with malloc, not operator new, so this sees both).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>

#include "engine/io/scene_loader.hpp"
#include "engine/solvers/registry.hpp"

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* pointer, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
}

namespace {
std::atomic<long> allocations{0};
}

extern "C" {
void* malloc(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(count, size);
}
void* realloc(void* pointer, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(pointer, size);
}
void* aligned_alloc(std::size_t alignment, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(alignment, size);
}
int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  *out = __libc_memalign(alignment, size);
  return *out ? 0 : 12;  // ENOMEM
}
}

namespace articulab {
namespace {

long allocationsDuringSteps(const Model& model, Integrator integrator, int steps) {
  auto solver = findBackend("redmax")->create(model, SolverOptions{integrator});
  State state = makeInitialState(model);
  solver->step(model, state, 1e-3);  // warm-up
  const long before = allocations.load();
  for (int k = 0; k < steps; ++k) solver->step(model, state, 1e-3);
  return allocations.load() - before;
}

TEST(NoAlloc, CountingAllocatorSeesAllocations) {
  const long before = allocations.load();
  VectorX v(1000);
  v.setZero();
  EXPECT_GT(allocations.load(), before);
}

TEST(NoAlloc, RedMaxStepsAllocateNothing) {
  for (int n : {5, 20, 100}) {
    const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/chain.json", {{"n", n}});
    for (Integrator integrator : {Integrator::LinearlyImplicitEuler, Integrator::SemiImplicitEuler, Integrator::RK4})
      EXPECT_EQ(allocationsDuringSteps(model, integrator, 5), 0) << "n = " << n << ", " << integratorName(integrator);
  }
}

TEST(NoAlloc, MixedJointTreeStepsAllocateNothing) {
  const Model model = loadScene(ARTICULAB_SOURCE_DIR "/scenes/branching_tree.json");
  for (Integrator integrator : {Integrator::LinearlyImplicitEuler, Integrator::SemiImplicitEuler, Integrator::RK4})
    EXPECT_EQ(allocationsDuringSteps(model, integrator, 5), 0) << integratorName(integrator);
}

}  // namespace
}  // namespace articulab
