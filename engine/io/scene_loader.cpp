#include "engine/io/scene_loader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <new>
#include <optional>
#include <unordered_map>

#include "engine/io/huge_pages.hpp"
#include "engine/io/json_reader.hpp"
#include "engine/io/scene_bodies.hpp"
#include "engine/io/scene_chains.hpp"
#include "engine/io/scene_closed_form.hpp"
#include "engine/io/scene_constraints.hpp"
#include "engine/io/scene_forces.hpp"
#include "engine/io/scene_json_lists.hpp"
#include "engine/io/scene_muscles.hpp"
#include "engine/io/scene_overflow.hpp"
#include "engine/io/scene_size.hpp"
#include "engine/io/scene_tree.hpp"

namespace articulab {

namespace {

using scene_io::formatNumber;
using scene_io::inQuotes;
using scene_io::Json;
using scene_io::Node;
using scene_io::ReadContext;

bool isIdentifier(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

std::map<std::string, double> readDeclaredParameters(const Node& root) {
  std::map<std::string, double> parameters;
  if (!root.has("parameters")) return parameters;
  const Node node = root["parameters"];
  scene_io::expectObject(node);
  for (const auto& item : node.json().items()) {
    const Node value = node[item.key()];
    if (!isIdentifier(item.key()))
      value.fail("parameter name " + inQuotes(item.key()) + " is not a name (letters, digits and _, no leading digit)");
    if (!value.json().is_number()) value.fail("expected a number (parameter values cannot refer to other parameters)");
    parameters[item.key()] = value.json().get<double>();
  }
  return parameters;
}

// Applies command-line overrides; each must name a declared parameter and be finite.
void applyOverrides(const Node& root, const ParameterOverrides& overrides, std::map<std::string, double>& parameters) {
  std::vector<std::string> declared;
  for (const auto& entry : parameters) declared.push_back(entry.first);
  for (const auto& [name, value] : overrides) {
    if (!parameters.count(name))
      root.failField("parameters", "cannot override parameter " + inQuotes(name) +
                                       scene_io::suggestion(name, declared) + ": the scene does not declare it; " +
                                       (declared.empty() ? "it declares no parameters"
                                                         : "declared parameters: " + scene_io::listNames(declared)));
    if (!std::isfinite(value))
      throw SceneError(root.context().file, root.fieldPointer("parameters") + "/" + scene_io::pointerToken(name),
                       "override " + name + " = " + formatNumber(value) + " is not a finite number");
    parameters[name] = value;
  }
}

// Baumgarte gains alpha, beta in 1/s (sueda eq 1.82).
void readBaumgarte(const Node& node, SimulationDefaults& defaults) {
  scene_io::expectObject(node, {"alpha", "beta"});
  if (node.has("alpha")) defaults.baumgarteAlpha = scene_io::readNonNegative(node["alpha"]);
  if (node.has("beta")) defaults.baumgarteBeta = scene_io::readNonNegative(node["beta"]);
}

// A setting's value: a number (or "$parameter"), a word ("newton", "on"), or true / false (on /
// off); its back-end's table checks it (validateSceneChoices).
SettingValue readSettingValue(const std::string& backend, const std::string& name, const Node& node) {
  const Json& json = node.json();
  if (json.is_boolean()) return {backend, name, 0.0, json.get<bool>() ? "on" : "off"};
  if (json.is_string() && json.get<std::string>().rfind('$', 0) != 0 && !json.get<std::string>().empty())
    return {backend, name, 0.0, json.get<std::string>()};
  return {backend, name, scene_io::readNumber(node), ""};
}

// {"BACKEND": {"SETTING": value, ...}, ...}: names and values are the back-ends' (validateSceneChoices).
std::vector<SettingValue> readSolverSettings(const Node& node) {
  scene_io::expectObject(node);
  std::vector<SettingValue> values;
  for (const auto& backend : node.json().items()) {
    const Node settings = node[backend.key()];
    scene_io::expectObject(settings);
    for (const auto& setting : settings.json().items())
      values.push_back(readSettingValue(backend.key(), setting.key(), settings[setting.key()]));
  }
  return values;
}

SimulationDefaults readSimulation(const Node& node) {
  scene_io::expectObject(node, {"backend", "integrator", "dt", "duration", "drift_control", "baumgarte",
                                "solver_settings"});
  SimulationDefaults defaults;
  // Names only: the back-ends check them where a run is created (validateSceneChoices).
  if (node.has("backend")) defaults.backend = scene_io::readName(node["backend"]);
  if (node.has("integrator")) defaults.integrator = scene_io::readString(node["integrator"]);
  if (node.has("drift_control")) defaults.driftControl = scene_io::readString(node["drift_control"]);
  if (node.has("dt")) defaults.dt = scene_io::readPositive(node["dt"]);
  if (node.has("duration")) defaults.duration = scene_io::readPositive(node["duration"]);
  if (node.has("baumgarte")) readBaumgarte(node["baumgarte"], defaults);
  if (node.has("solver_settings")) defaults.solverSettings = readSolverSettings(node["solver_settings"]);
  return defaults;
}

// The bodies and joints go straight into the model in declaration order (one copy of each);
// assembleTree orders them. Their entries come one at a time: as the parse closes each
// (EarlyEntries), or from the text again after it (forEachEntry); a large scene's lists never
// make one document (issue 31, item 5).
struct ListedEntries {
  const ReadContext& context;
  Model& model;
  scene_io::DeclaredTree declared;
  std::size_t bodiesRead = 0, jointsRead = 0;
  std::optional<scene_io::HugePageHeap> heap;  // until the load ends

  // Reserves the lists once, before the first entry read during the parse (which cannot know
  // their length yet), so that they never move: growing by doubling would copy every body and
  // joint and touch fresh memory for each copy (issue 31). The length is bounded by the text
  // over the smallest entry, by the body limit and by the memory limit; reserved memory that no
  // entry fills is never touched. Where the address space is short (ulimit -v), the guess
  // halves until it fits, down to none: the lists then grow as they are read.
  void reserveForText(std::size_t textBytes) {
    constexpr std::size_t kSmallestEntryBytes = 40;  // {"name":"a","mass":1,"shape":{"type":"box"...
    const double perBody = scene_io::estimateModelBytes({1});
    const double byMemory = context.limits.memoryBytes / perBody;
    std::size_t n = std::min<std::size_t>(textBytes / kSmallestEntryBytes, static_cast<std::size_t>(context.limits.maxBodies));
    if (byMemory < static_cast<double>(n)) n = static_cast<std::size_t>(byMemory);
    for (; n > 0; n /= 2) {
      try {
        reserveBodies(n);
        reserveJoints(n);
        break;
      } catch (const std::bad_alloc&) {
        releaseReservations();
      }
    }
    growHeapFor(textBytes);
  }

  // Once the lists are reserved (large blocks of their own): the small blocks of a large scene's
  // entries (shapes, joint parts, coordinates) and the loader's transient ones, about twice the
  // text, from a heap grown at once in huge pages (issue 31).
  void growHeapFor(std::size_t textBytes) {
    constexpr std::size_t kLargeTextBytes = std::size_t{2} << 20;
    if (textBytes >= kLargeTextBytes && !heap) heap.emplace(2 * textBytes);
  }

  // Before the first entry: the lists are empty, only their reservations go.
  void releaseReservations() {
    std::vector<Body>().swap(model.bodies);
    std::vector<Joint>().swap(model.joints);
    std::vector<scene_io::BodySource>().swap(declared.sources);
    std::vector<scene_io::JointLink>().swap(declared.links);
  }

  void reserveBodies(std::size_t n) {
    scene_io::reserveInHugePages(model.bodies, n);
    scene_io::reserveInHugePages(declared.sources, n);
  }

  void reserveJoints(std::size_t n) {
    scene_io::reserveInHugePages(model.joints, n);
    scene_io::reserveInHugePages(declared.links, n);
  }

  void readBody(std::size_t i, const Json& entry) {
    const Node node(entry, "/bodies/" + std::to_string(i), context);
    scene_io::checkModelSize(node, {static_cast<long>(i) + 1});
    Body body = scene_io::readBody(node, true);
    body.name = scene_io::readName(node["name"]);
    model.bodies.push_back(std::move(body));
    declared.sources.push_back({node.pointer(), nullptr, "name"});
    ++bodiesRead;
  }

  void readJoint(std::size_t i, const Json& entry) {
    scene_io::JointSpec spec = scene_io::readJoint(Node(entry, "/joints/" + std::to_string(i), context));
    model.joints.push_back(std::move(spec.joint));
    declared.links.push_back(std::move(spec.link));
    ++jointsRead;
  }
};

void readBodiesAndJoints(const Node& root, const std::string& text, ListedEntries& entries) {
  Model& model = entries.model;
  scene_io::DeclaredTree& declared = entries.declared;
  if (root.has("bodies")) {
    const std::size_t n = scene_io::expectArray(root["bodies"]);
    entries.reserveBodies(n);
    entries.growHeapFor(text.size());
    if (entries.bodiesRead < n)
      scene_io::forEachEntry(text, root.context().file, "bodies",
                             [&](std::size_t i, const Json& entry) { entries.readBody(i, entry); }, entries.bodiesRead);
  }
  if (root.has("joints")) {
    const std::size_t n = scene_io::expectArray(root["joints"]);
    entries.reserveJoints(n);
    if (entries.jointsRead < n)
      scene_io::forEachEntry(text, root.context().file, "joints",
                             [&](std::size_t i, const Json& entry) { entries.readJoint(i, entry); }, entries.jointsRead);
  }
  if (root.has("chains")) {
    const Node list = root["chains"];
    scene_io::checkChainCounts(list, static_cast<long>(model.bodies.size()));
    for (std::size_t i = 0, n = scene_io::expectArray(list); i < n; ++i)
      scene_io::expandChain(list.element(i), model, declared);
  }
  if (model.bodies.empty())
    root.failField("bodies", "the scene has no bodies; expected at least one entry in \"bodies\" or \"chains\"");
  scene_io::assembleTree(root.context().file, std::move(declared), model);
}

// "ground_contact": true, false, or {"friction": mu} (contact on, mu the ground's Coulomb
// coefficient and every body's default; 0 frictionless).
void readGroundContact(const Node& node, Model& model) {
  if (node.json().is_boolean()) {
    model.groundContact = node.json().get<bool>();
    return;
  }
  if (!node.json().is_object())
    node.fail("expected true, false or an object such as {\"friction\": 0.5}, got " + scene_io::shortJson(node.json()));
  scene_io::expectObject(node, {"friction"});
  model.groundContact = true;
  if (node.has("friction")) model.groundFriction = scene_io::readFriction(node["friction"]);
}

void readHeader(const Node& root, Model& model) {
  model.name =
      root.has("name") ? scene_io::readName(root["name"]) : std::filesystem::path(root.context().file).stem().string();
  if (root.has("description")) model.description = scene_io::readString(root["description"]);
  if (root.has("gravity")) model.gravity = scene_io::readVector3(root["gravity"]);
  if (root.has("simulation")) model.defaults = readSimulation(root["simulation"]);
  if (root.has("ground_contact")) readGroundContact(root["ground_contact"], model);
  if (root.has("body_contact")) {  // true or false: shapes of different bodies collide
    const Node node = root["body_contact"];
    if (!node.json().is_boolean()) node.fail("expected true or false, got " + scene_io::shortJson(node.json()));
    model.bodyContact = node.json().get<bool>();
  }
}

// The bodies by name, for the references of the entries read after the tree.
std::unordered_map<std::string, int> indexBodies(const Model& model) {
  std::unordered_map<std::string, int> index;
  index.reserve(model.bodies.size());
  for (int i = 0; i < model.bodyCount(); ++i) index.emplace(model.bodies[i].name, i);
  return index;
}

// "keyframes": [{"name", "q": [nq numbers], "qd": [nq numbers, default 0]}]: named initial states.
void readKeyframes(const Node& list, Model& model) {
  for (std::size_t i = 0, n = scene_io::expectArray(list); i < n; ++i) {
    const Node node = list.element(i);
    scene_io::expectObject(node, {"name", "q", "qd"});
    Model::Keyframe key;
    key.name = scene_io::readName(node["name"]);
    key.q = scene_io::readNumbers(node["q"], model.nq);
    key.qd = node.has("qd") ? scene_io::readNumbers(node["qd"], model.nq) : VectorX::Zero(model.nq);
    model.keyframes.push_back(key);
  }
}

// The root's keys, the parameters (with the overrides) and the header: what every entry after
// them needs. On the whole document, or on the keys before the first entry of a streamed list.
void readRootFields(const Node& root, const ParameterOverrides& overrides, ReadContext& context, Model& model) {
  scene_io::expectObject(root, {"name", "description", "parameters", "gravity", "ground_contact", "body_contact", "simulation",
                                "bodies", "joints", "chains", "constraints", "forces", "muscles", "keyframes",
                                "closed_form"});
  context.parameters = readDeclaredParameters(root);
  applyOverrides(root, overrides, context.parameters);
  model.parameters = context.parameters;
  readHeader(root, model);
}

// Reads the entries of "bodies" and "joints" as the parse closes them, so that their errors come
// in file order, before the rest of the file is parsed (issue 31: the first error in time linear
// in the bytes before it). The keys before the first entry are read first, as readRootFields
// reads the whole root. Where "parameters" has not come yet, an entry naming a "$parameter" (or
// any entry, when the command line overrides parameters) and all after it wait for the end of
// the parse.
class EarlyEntries {
 public:
  EarlyEntries(ListedEntries& entries, ReadContext& context, const ParameterOverrides& overrides, std::size_t textBytes)
      : entries_(entries), context_(context), overrides_(overrides), textBytes_(textBytes) {}

  bool operator()(std::string_view list, std::size_t index, const Json& entry, const Json& root) {
    // An entry that is not an object (a file of numbers, say) waits for the document's own
    // checks (its size above all), as before these entries were read during the parse.
    if (!entry.is_object()) return false;
    if (!started_ && !start(root)) return false;
    try {
      if (list == "bodies") entries_.readBody(index, entry);
      else entries_.readJoint(index, entry);
    } catch (const scene_io::ParametersPending&) {
      return false;
    } catch (const Json::exception& e) {  // as loadSceneFromString reports it
      throw SceneError(context_.file, "", std::string("unexpected JSON structure: ") + e.what());
    }
    return true;
  }

 private:
  bool start(const Json& root) {
    started_ = true;
    const bool parametersSeen = root.contains("parameters");
    if (!parametersSeen && !overrides_.empty()) return false;
    try {
      readRootFields(Node(root, "", context_), parametersSeen ? overrides_ : ParameterOverrides{}, context_, entries_.model);
    } catch (const Json::exception& e) {
      throw SceneError(context_.file, "", std::string("unexpected JSON structure: ") + e.what());
    }
    context_.parametersPending = !parametersSeen;
    entries_.reserveForText(textBytes_);
    return true;
  }

  ListedEntries& entries_;
  ReadContext& context_;
  const ParameterOverrides& overrides_;
  std::size_t textBytes_;
  bool started_ = false;
};

// What the readers of constraints, forces and muscles need, and the check that the initial
// state is finite, from the kinematics at the initial state; computed once, and only where the
// model's magnitudes do not already prove the state finite.
void readKinematicEntries(const Node& root, Model& model) {
  const bool readers = root.has("constraints") || root.has("forces") || root.has("muscles");
  if (!readers && scene_io::initialStateIsSurelyFinite(model)) return;
  TreeKinematics initial(model);
  computeKinematics(model, model.q0, model.qd0, initial);
  if (root.has("constraints")) scene_io::readConstraints(root["constraints"], initial, model);
  if (root.has("forces")) scene_io::readForces(root["forces"], initial, model);
  if (root.has("muscles")) scene_io::readMuscles(root["muscles"], initial, model);
  scene_io::checkInitialStateIsFinite(root, model, initial);
}

void buildModel(const std::string& text, const Json& document, const ParameterOverrides& overrides,
                ReadContext& context, ListedEntries& entries) {
  Model& model = entries.model;
  const Node root(document, "", context);
  readRootFields(root, overrides, context, model);
  readBodiesAndJoints(root, text, entries);
  // The entries that name bodies; a scene without them (a saved chain) needs no index.
  if (root.has("constraints") || root.has("forces") || root.has("muscles")) context.bodyIndex = indexBodies(model);
  const std::string problem = finalizeModel(model);
  if (!problem.empty()) throw SceneError(context.file, "", "inconsistent model: " + problem);
  readKinematicEntries(root, model);
  if (root.has("keyframes")) readKeyframes(root["keyframes"], model);
  if (root.has("closed_form")) model.closedForm = scene_io::readClosedForm(root["closed_form"], model);
}

}  // namespace

Model loadScene(const std::string& path, const ParameterOverrides& overrides, const SceneLimits& limits) {
  const SceneLimits resolved = scene_io::resolveLimits(limits);
  return loadSceneFromString(scene_io::readSceneText(path, resolved), path, overrides, resolved);
}

Model loadSceneFromString(const std::string& text, const std::string& fileName, const ParameterOverrides& overrides,
                          const SceneLimits& limits) {
  const SceneLimits resolved = scene_io::resolveLimits(limits);
  ReadContext context{fileName, {}, resolved, {}};
  Model model;
  model.sourceFile = fileName;
  ListedEntries entries{context, model, {}, 0, 0, std::nullopt};
  const Json document = scene_io::parseSceneJson(text, fileName, resolved, {"bodies", "joints"},
                                                 EarlyEntries(entries, context, overrides, text.size()));
  context.parametersPending = false;
  try {
    buildModel(text, document, overrides, context, entries);
  } catch (const Json::exception& e) {
    throw SceneError(fileName, "", std::string("unexpected JSON structure: ") + e.what());
  }
  return model;
}

}  // namespace articulab
