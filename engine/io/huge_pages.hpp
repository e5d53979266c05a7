// Memory for large loads in transparent huge pages: one page fault per 2 MB instead of one per
// 4 KB. On the 2-core VM a 4 KB fault of fresh memory costs about 16 us, a third of a 1e5-body
// load (issue 31; docs/performance.md, "Loading a 1e5-body scene"). Hints only: where the kernel
// or the allocator refuses them, nothing changes but the time.
#pragma once

#include <cstddef>

namespace articulab::scene_io {

// Advises the whole 2 MB pages of [data, data + bytes) into transparent huge pages.
void adviseHugePages(const void* data, std::size_t bytes);

// Reserves `list` for n entries, advised into huge pages (a list reserved once never moves).
template <class List>
void reserveInHugePages(List& list, std::size_t n) {
  if (list.capacity() >= n) return;
  list.reserve(n);
  adviseHugePages(list.data(), n * sizeof(typename List::value_type));
}

// While it lives, the small blocks malloc hands out (a model's shapes, joint parts and
// coordinate vectors, about 300 bytes a body) come from `bytes` of heap grown at once and
// advised into huge pages; glibc would otherwise grow its heap a few pages at a time, each
// faulted on its own. Restores malloc's trim threshold when it ends. Does nothing under another
// allocator (a sanitizer's) or when the heap cannot grow (`ulimit -v`).
class HugePageHeap {
 public:
  explicit HugePageHeap(std::size_t bytes);
  ~HugePageHeap();
  HugePageHeap(const HugePageHeap&) = delete;
  HugePageHeap& operator=(const HugePageHeap&) = delete;

 private:
  bool tuned_ = false;
};

}  // namespace articulab::scene_io
