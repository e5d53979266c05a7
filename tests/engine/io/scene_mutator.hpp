// A seeded mutational fuzzer for scene files: from a valid scene's text it makes a hostile one
// as a new user or a broken tool would, changing values (extreme, negative, non-integral,
// huge counts), keys (typos, removals, additions of real key names), types (strings, null,
// arrays and objects where numbers belong), structure (duplicated, dropped and swapped
// elements, subtrees moved or nested) and raw bytes (flips, insertions, truncation); and the
// hostile classes of issue 31 on purpose (HostileClass).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

namespace articulab::fuzz {

enum class MutationKind { Value, Key, Type, Structure, RawBytes };
const char* mutationKindName(MutationKind kind);

// The classes of issue 31, each applied on purpose: optional fields left out (every occurrence
// of one to three optional keys), huge arrays and counts (1e3 to 2e5 elements, counts and
// for_each ranges up to 1e9), numbers at and beyond the edges of a double as JSON text
// (1e-999 underflows, 1e999 overflows, subnormals, 30-digit integers).
enum class HostileClass { MissingOptional, HugeArray, HugeCount, ExtremeNumber };
const char* hostileClassName(HostileClass kind);

class SceneMutator {
 public:
  explicit SceneMutator(std::uint64_t seed) : rng_(seed) {}
  // One mutation of the text (60 %), or two or three; `kind` is set to the first one's.
  std::string mutate(const std::string& text, MutationKind& kind);
  // One mutation of a class of issue 31 (the class is picked and returned in `kind`).
  std::string mutateHostile(const std::string& text, HostileClass& kind);

 private:
  std::string mutateJson(const std::string& text, MutationKind kind);
  std::string mutateBytes(std::string text);
  void growArray(nlohmann::json& array);
  std::size_t below(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng_); }

  std::mt19937_64 rng_;
};

}  // namespace articulab::fuzz
