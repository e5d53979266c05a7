// Importing a 100-link model (issue 33's target: under 100 ms): a URDF chain of 100 links, each
// with an inertial, a visual and a collision shape, a revolute joint with limits and damping, and
// every third link welded on by a fixed joint (merged into its parent); an MJCF tree of 100
// bodies (a root and three chains of 33), each with a hinge with range and damping and two geoms.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/io/model_loader.hpp"

namespace articulab {
namespace {

std::string writeFile(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path) << text;
  return path;
}

std::string urdfChain(int links) {
  std::ostringstream out;
  out << "<robot name=\"chain\">\n";
  for (int i = 0; i < links; ++i)
    out << "  <link name=\"l" << i << "\">\n"
        << "    <inertial><origin xyz=\"0 0 -0.05\" rpy=\"0.1 0 0\"/><mass value=\"1\"/>"
        << "<inertia ixx=\"0.001\" iyy=\"0.001\" izz=\"0.0002\" ixy=\"0.00001\" ixz=\"0\" iyz=\"0\"/></inertial>\n"
        << "    <visual><origin xyz=\"0 0 -0.05\"/><geometry><cylinder radius=\"0.02\" length=\"0.1\"/></geometry></visual>\n"
        << "    <collision><origin xyz=\"0 0 -0.05\"/><geometry><box size=\"0.04 0.04 0.1\"/></geometry></collision>\n"
        << "  </link>\n";
  for (int i = 1; i < links; ++i) {
    const bool fixed = i % 3 == 0;
    out << "  <joint name=\"j" << i << "\" type=\"" << (fixed ? "fixed" : "revolute") << "\">\n"
        << "    <parent link=\"l" << i - 1 << "\"/><child link=\"l" << i << "\"/>\n"
        << "    <origin xyz=\"0 0 -0.1\" rpy=\"0 0 0.2\"/><axis xyz=\"0 1 0\"/>\n";
    if (!fixed) out << "    <limit lower=\"-2\" upper=\"2\" effort=\"10\" velocity=\"5\"/><dynamics damping=\"0.01\"/>\n";
    out << "  </joint>\n";
  }
  out << "</robot>\n";
  return out.str();
}

// A root body with three chains of 33 bodies (100 bodies: a chain of 100 nested bodies is
// deeper than the XML reader takes, xml_reading.hpp).
std::string mjcfTree(int chains, int perChain) {
  std::ostringstream out;
  out << "<mujoco model=\"tree\">\n  <default><joint type=\"hinge\" axis=\"0 1 0\" damping=\"0.01\"/>"
      << "<geom type=\"capsule\" size=\"0.02\"/></default>\n  <worldbody>\n"
      << "<body name=\"root\"><joint name=\"root_joint\"/><geom type=\"box\" size=\"0.1 0.1 0.1\"/>\n";
  for (int c = 0; c < chains; ++c) {
    for (int i = 0; i < perChain; ++i)
      out << "<body name=\"b" << c << "_" << i << "\" pos=\"0 0 " << (i == 0 ? 0.0 : -0.1) << "\" euler=\"0 0 10\">"
          << "<joint name=\"j" << c << "_" << i << "\" range=\"-90 90\"/><geom fromto=\"0 0 0 0 0 -0.1\"/>"
          << "<geom type=\"sphere\" size=\"0.03\" pos=\"0 0 -0.1\" contype=\"0\" conaffinity=\"0\"/>\n";
    for (int i = 0; i < perChain; ++i) out << "</body>";
    out << "\n";
  }
  out << "</body>\n  </worldbody>\n</mujoco>\n";
  return out.str();
}

void BM_ImportUrdf100Links(benchmark::State& state) {
  const std::string path = writeFile("articulab_bench_chain100.urdf", urdfChain(100));
  for (auto _ : state) benchmark::DoNotOptimize(loadModel(path));
}
BENCHMARK(BM_ImportUrdf100Links)->Unit(benchmark::kMillisecond);

void BM_ImportMjcf100Bodies(benchmark::State& state) {
  const std::string path = writeFile("articulab_bench_tree100.xml", mjcfTree(3, 33));
  for (auto _ : state) benchmark::DoNotOptimize(loadModel(path));
}
BENCHMARK(BM_ImportMjcf100Bodies)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace articulab
