// The scene loader's JSON scanner (engine/io/json_scanner.hpp) against its oracle, nlohmann's
// sax_parse: for every shipped scene, crafted edge cases (every number form, escapes,
// surrogates, invalid UTF-8, control characters, comments, truncations, trailing content, empty
// input, deep nesting) and seeded mutations of the shipped scenes (scene_mutator.hpp), both send
// the same events with the same values (a double's bits and its text), accept and refuse the
// same texts, and report the same error (the scanner hands errors to nlohmann's parser).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../../shared/json_sax_events.hpp"
#include "scene_mutator.hpp"

namespace articulab {
namespace {

using testing::nlohmannSaxRun;
using testing::scannerSaxRun;

std::string readFile(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::vector<std::string> shippedScenes() {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(ARTICULAB_SOURCE_DIR "/scenes"))
    if (entry.path().extension() == ".json") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  std::vector<std::string> texts;
  for (const auto& path : paths) texts.push_back(readFile(path));
  return texts;
}

// Strict (the loader) and not (forEachEntry): the same run from both parsers.
void expectSameEvents(const std::string& text) {
  for (const bool strict : {true, false}) {
    const testing::SaxRun expected = nlohmannSaxRun(text, strict);
    const testing::SaxRun scanned = scannerSaxRun(text, strict);
    ASSERT_EQ(scanned.accepted, expected.accepted) << "strict " << strict << ", text: " << text;
    ASSERT_EQ(scanned.events, expected.events) << "strict " << strict << ", text: " << text;
  }
}

TEST(JsonScanner, ShippedScenesGiveNlohmannsEvents) {
  const std::vector<std::string> scenes = shippedScenes();
  ASSERT_GT(scenes.size(), 30u);
  for (const std::string& text : scenes) {
    ASSERT_TRUE(nlohmannSaxRun(text, true).accepted);
    expectSameEvents(text);
  }
}

TEST(JsonScanner, NumbersAreClassifiedAndRoundedAsNlohmannDoes) {
  for (const char* number :
       {"0", "-0", "1", "-1", "123456789", "0.0", "-0.0", "0.5", "1.50", "1e5", "1E5", "1e+5", "1e-5", "-1.25e-3",
        "2.5E+10", "0e0", "18446744073709551615", "18446744073709551616", "-9223372036854775808",
        "-9223372036854775809", "9223372036854775808", "123456789012345678901234567890", "1.7976931348623157e308",
        "1.7976931348623159e308", "1e308", "1e309", "1e999", "-1e999", "2.2250738585072014e-308", "4.9e-324",
        "5e-324", "2e-324", "1e-400", "-1e-400", "0.1", "0.30000000000000004", "9007199254740993",
        "9007199254740993.0", "1.00000000000000011102230246251565404236316680908203125",
        "00", "01", "-", "-a", "1.", ".5", "1.e5", "1e", "1e+", "1e-", "+1", "0x10", "1.5.5", "1e5e5", "--1",
        "Infinity", "NaN", "1_000"}) {
    SCOPED_TRACE(number);
    expectSameEvents(number);
    expectSameEvents(std::string("[") + number + "]");
    expectSameEvents(std::string("{\"x\": ") + number + ", \"y\": 1}");
  }
}

TEST(JsonScanner, StringsAreUnescapedAndCheckedAsNlohmannDoes) {
  for (const std::string& body : std::vector<std::string>{"", "plain", "with space", "\\\"", "\\\\", "\\/", "\\b\\f\\n\\r\\t", "\\u0041", "\\u00e9", "\\u00E9",
        "\\u0000", "\\u07ff", "\\u0800", "\\uffff", "\\ud83d\\ude00", "\\uD83D\\uDE00", "\\ud800", "\\ud800x",
        "\\ud800\\u0041", "\\ud800\\", "\\ud800\\n", "\\udc00", "\\udfff", "\\u12", "\\u12g4", "\\x", "\\",
        "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xc0\xaf",
        "\xc1\xbf", "\xc2\x7f", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xed\xa0\x80", "\xed\x9f\xbf", "\xee\x80\x80",
        "\xf0\x8f\xbf\xbf", "\xf5\x80\x80\x80", "\xff", "\x80", "\xc3", "\xe2\x82", "\x7f", "tab\there",
        "new\nline", std::string("nul\0byte", 8), "\x1f", "\x01", std::string(100, 'k'), "\"unbalanced"}) {
    SCOPED_TRACE(body);
    expectSameEvents("\"" + body + "\"");
    expectSameEvents("{\"" + body + "\": \"" + body + "\"}");
  }
  expectSameEvents("\"unterminated");
  expectSameEvents("\"");
}

TEST(JsonScanner, LiteralsCommentsAndWhitespaceAsNlohmann) {
  for (const std::string& text : std::vector<std::string>{"", " ", "\t\r\n", "true", "false", "null", "tru", "nul", "fals", "truex", "True", "NULL", "[true,false,null]",
        "// only a comment", "/* only a comment */", "/* unclosed", "/ ", "/", "/x", "// c\n1", "// c\r1", "1 // c",
        "1 /* c */", "/**/1", "/***/1", "/* * / */1", "/* a */ /* b */ // c\n [1, /* d */ 2]", "{\"a\" /* c */ : 1}",
        "[1,2,]", "[,1]", "{\"a\":1,}", "{,}", "{\"a\"}", "{\"a\" 1}", "{1:2}", "{\"a\":1 \"b\":2}", "[1 2]", "[",
        "]", "{", "}", ":", ",", "[]", "{}", "[[]]", "[{}]", "{\"a\":{}}", "{\"a\":[]}", "1 2", "{} {}", "[] x",
        "{}\n\n  ", "\xef\xbb\xbf{}", "\xef\xbb{}", "\xef{}", " \xef\xbb\xbf{}", "\xef\xbb\xbf",
        std::string("{}\0garbage", 10), std::string("[1,\0]", 5), std::string("// c\0[1]", 8),
        std::string("/* \0 */1", 8), std::string("\0", 1), "\x01", "{\"a\":1,\"a\":2}", "[\"a\" : 1]",
        "{\"a\":1]", "[1}"}) {
    SCOPED_TRACE(text);
    expectSameEvents(text);
  }
}

TEST(JsonScanner, DeepNestingAsNlohmann) {
  for (const std::size_t depth : {1u, 63u, 64u, 65u, 1000u, 20000u}) {
    expectSameEvents(std::string(depth, '[') + std::string(depth, ']'));
    expectSameEvents(std::string(depth, '[') + std::string(depth - 1, ']'));
    std::string objects;
    for (std::size_t k = 0; k < depth; ++k) objects += "{\"k\":";
    objects += "1" + std::string(depth, '}');
    expectSameEvents(objects);
  }
}

TEST(JsonScanner, EveryTruncationOfASceneAsNlohmann) {
  const std::string text = readFile(ARTICULAB_SOURCE_DIR "/scenes/double_pendulum.json");
  for (std::size_t length = 0; length <= text.size(); ++length) expectSameEvents(text.substr(0, length));
}

// A handler that returns false stops both at the same event.
TEST(JsonScanner, AHandlerThatStopsStopsBothAtTheSameEvent) {
  const std::string text = readFile(ARTICULAB_SOURCE_DIR "/scenes/double_pendulum.json");
  const std::size_t events = nlohmannSaxRun(text, true).events.size();
  for (std::size_t stop = 1; stop <= events; ++stop)
    for (const bool strict : {true, false}) ASSERT_EQ(scannerSaxRun(text, strict, stop), nlohmannSaxRun(text, strict, stop));
}

TEST(JsonScanner, MutatedScenesGiveNlohmannsEvents) {
  const std::vector<std::string> scenes = shippedScenes();
  fuzz::SceneMutator mutator(20261129);
  long refused = 0;
  for (int k = 0; k < 4000; ++k) {
    fuzz::MutationKind kind{};
    const std::string text = mutator.mutate(scenes[static_cast<std::size_t>(k) % scenes.size()], kind);
    SCOPED_TRACE("case " + std::to_string(k) + " (" + fuzz::mutationKindName(kind) + ")");
    expectSameEvents(text);
    if (!nlohmannSaxRun(text, true).accepted) ++refused;
  }
  for (int k = 0; k < 100; ++k) {
    fuzz::HostileClass kind{};
    const std::string text = mutator.mutateHostile(scenes[static_cast<std::size_t>(k) % scenes.size()], kind);
    SCOPED_TRACE("hostile case " + std::to_string(k) + " (" + fuzz::hostileClassName(kind) + ")");
    expectSameEvents(text);
  }
  EXPECT_GT(refused, 100);  // the raw byte mutations reach the error path
}

}  // namespace
}  // namespace articulab
