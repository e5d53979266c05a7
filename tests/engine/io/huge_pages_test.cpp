// engine/io/huge_pages.hpp: the heap grown at once for a large load, and the loader under an
// address-space limit below its first guess of the lists' length (issue 31).
#include "engine/io/huge_pages.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "engine/io/scene_loader.hpp"
#include "tests/engine/test_util.hpp"

namespace articulab {
namespace {

#if defined(__GLIBC__)
TEST(HugePageHeap, HoldsItsBytesFreeAtTheTopOfTheHeapWhileItLives) {
  if (test::kSanitizerBuild) GTEST_SKIP() << "a sanitizer's allocator does not use glibc's heap";
  constexpr std::size_t kBytes = std::size_t{48} << 20;
  {
    const scene_io::HugePageHeap heap(kBytes);
    EXPECT_GE(mallinfo2().keepcost, kBytes / 2);
    // Blocks come from it as from any heap.
    std::string block(1 << 20, 'x');
    EXPECT_EQ(block[12345], 'x');
  }
  std::free(std::malloc(1 << 10));  // a free after it may trim the top again
  SUCCEED();
}
#endif

// VmSize of this process, in bytes.
double addressSpaceBytes() {
  std::FILE* file = std::fopen("/proc/self/status", "r");
  if (!file) return 0.0;
  char line[256];
  double kilobytes = 0.0;
  while (std::fgets(line, sizeof line, file))
    if (std::strncmp(line, "VmSize:", 7) == 0) kilobytes = std::atof(line + 7);
  std::fclose(file);
  return 1024.0 * kilobytes;
}

// A scene of two bodies followed by 6 MB of blank lines, loaded under `ulimit -v` with 56 MB to
// spare beside 400 MB of address space already taken: the loader's first guess of its lists'
// length (the text over the smallest entry, bounded by the body limit and by the memory limit,
// which is the address-space limit) is about 110,000 entries, some 130 MB. The load needs under
// 45 MB and still succeeds: the guess halves until it fits.
TEST(SceneLoaderAddressSpace, LoadsWhereTheFirstGuessOfItsListsDoesNotFit) {
  if (test::kSanitizerBuild) GTEST_SKIP() << "a sanitizer reserves terabytes of shadow memory";
  std::string text = R"({"bodies": [{"name": "a", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}},
                                    {"name": "b", "mass": 1, "shape": {"type": "sphere", "radius": 0.1}}],
                         "joints": [{"name": "ja", "type": "revolute", "axis": [0, 0, 1], "parent": "world", "child": "a"},
                                    {"name": "jb", "type": "revolute", "axis": [0, 0, 1], "parent": "a", "child": "b"}]})";
  text.append(std::size_t{6} << 20, '\n');
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    constexpr std::size_t kTakenBytes = std::size_t{400} << 20;
    if (mmap(nullptr, kTakenBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) == MAP_FAILED) _exit(3);
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(addressSpaceBytes() + 56e6);
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(3);
    try {
      const Model model = loadSceneFromString(text, "two_links.json");
      _exit(model.bodyCount() == 2 ? 0 : 2);
    } catch (...) {
      _exit(1);
    }
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the load threw; 2: wrong body count; 3: the limit could not be set";
}

}  // namespace
}  // namespace articulab
