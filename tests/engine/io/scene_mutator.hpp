// A seeded mutational fuzzer for scene files: from a valid scene's text it makes a hostile one
// as a new user or a broken tool would, changing values (extreme, negative, non-integral,
// huge counts), keys (typos, removals, additions of real key names), types (strings, null,
// arrays and objects where numbers belong), structure (duplicated, dropped and swapped
// elements, subtrees moved or nested) and raw bytes (flips, insertions, truncation).
#pragma once

#include <cstdint>
#include <random>
#include <string>

namespace articulab::fuzz {

enum class MutationKind { Value, Key, Type, Structure, RawBytes };
const char* mutationKindName(MutationKind kind);

class SceneMutator {
 public:
  explicit SceneMutator(std::uint64_t seed) : rng_(seed) {}
  // One mutation of the text (60 %), or two or three; `kind` is set to the first one's.
  std::string mutate(const std::string& text, MutationKind& kind);

 private:
  std::string mutateJson(const std::string& text, MutationKind kind);
  std::string mutateBytes(std::string text);
  std::size_t below(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  std::mt19937_64 rng_;
};

}  // namespace articulab::fuzz
