#include "engine/io/huge_pages.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace articulab::scene_io {

void adviseHugePages(const void* data, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHugePage = std::uintptr_t{1} << 21;
  const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t begin = (start + kHugePage - 1) & ~(kHugePage - 1), end = (start + bytes) & ~(kHugePage - 1);
  if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data, (void)bytes;
#endif
}

#if defined(__GLIBC__) && defined(M_TOP_PAD) && defined(M_TRIM_THRESHOLD)

namespace {

constexpr int kDefaultTopPad = 128 * 1024;         // glibc's M_TOP_PAD when no one sets it
constexpr int kDefaultTrimThreshold = 128 * 1024;  // and its M_TRIM_THRESHOLD
constexpr std::size_t kProbeBytes = 64 * 1024;     // under glibc's smallest mmap threshold: a heap block

char* heapEnd() { return static_cast<char*>(::sbrk(0)); }

// The main heap's free top chunk, which ends at the program break.
std::size_t topChunkBytes() { return mallinfo2().keepcost; }

// Takes probe blocks from the heap's free memory until the heap grows, then frees them (the
// last ones join the top again). Gives up where the program break does not move once the free
// memory is used (another allocator, or no address space left).
void growHeap() {
  std::vector<void*> probes;
  probes.reserve(mallinfo2().fordblks / kProbeBytes + 2);
  char* const before = heapEnd();
  while (heapEnd() == before && probes.size() < probes.capacity()) {
    void* probe = std::malloc(kProbeBytes);
    if (!probe) break;
    probes.push_back(probe);
  }
  for (auto it = probes.rbegin(); it != probes.rend(); ++it) std::free(*it);
}

}  // namespace

// With M_TOP_PAD set, the next growth of the heap adds `bytes` beyond the block that needs it.
// The padding is reset at once (later growths ask for no more than they need, which matters
// under `ulimit -v`), and a trim threshold above the grown top keeps free() from giving it back
// until the load ends; the whole free top is advised. Setting these stops glibc's dynamic mmap
// threshold: it keeps its value for the rest of the process.
HugePageHeap::HugePageHeap(std::size_t bytes) {
  bytes = std::min<std::size_t>(bytes, INT_MAX / 4);
  if (::mallopt(M_TRIM_THRESHOLD, static_cast<int>(4 * bytes)) == 0) return;
  tuned_ = true;
  if (topChunkBytes() < bytes / 2 && ::mallopt(M_TOP_PAD, static_cast<int>(bytes)) != 0) {
    growHeap();
    ::mallopt(M_TOP_PAD, kDefaultTopPad);
  }
  const std::size_t top = topChunkBytes();
  if (top >= bytes / 2) adviseHugePages(heapEnd() - top, top);
}

HugePageHeap::~HugePageHeap() {
  if (tuned_) ::mallopt(M_TRIM_THRESHOLD, kDefaultTrimThreshold);
}

#else

HugePageHeap::HugePageHeap(std::size_t) {}
HugePageHeap::~HugePageHeap() = default;

#endif

}  // namespace articulab::scene_io
