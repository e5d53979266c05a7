// articulab import: a URDF or MJCF model read by the engine's importers (engine/io/model_loader)
// and written as a scene file by the scene writer, checked to load back to the same model.
#include <iostream>
#include <optional>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/last_resort.hpp"
#include "app/cli/output_file.hpp"
#include "engine/io/scene_writer.hpp"

namespace articulab::cli {

void printImportReport(const Model& model, std::ostream& out) {
  if (model.importReport.empty()) return;
  out << "import report (" << model.importReport.size() << " items approximated or not imported):\n";
  for (const std::string& line : model.importReport) out << "  " << line << '\n';
}

int importCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string source;
  std::optional<std::string> output;
  ImportOptions options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (parseImportFlag(args, i, options)) continue;
    if (args[i] == "-o" || args[i] == "--output") output = flagValue(args, i);
    else if (args[i].rfind("-", 0) == 0) throw UsageError("unknown flag '" + args[i] + "' for 'import' (see articulab --help)");
    else if (source.empty()) source = args[i];
    else throw UsageError("unexpected argument '" + args[i] + "': 'import' takes one model file");
  }
  if (source.empty()) throw UsageError("'import' needs a model file, e.g. articulab import robot.urdf -o robot.json");
  if (output) OutputFile("-o", *output, {source});  // refused before the import: empty, the model itself, unwritable
  const Model model = loadModel(source, {}, options);
  std::ostream& log = output ? out : err;
  log << "imported " << source << ": " << model.bodyCount() << " bodies, " << model.nq << " DOF, " << model.loops.size()
      << " loop constraints, total mass " << [&] {
           double mass = 0.0;
           for (const Body& body : model.bodies) mass += body.mass;
           return mass;
         }() << " kg\n";
  printImportReport(model, log);
  if (!output) {
    const WrittenScene written = writeScene(model);
    if (!written.error.empty()) {
      err << "articulab import: cannot write the scene: " << written.error << '\n';
      return kExitBadScene;
    }
    out << written.text;
    return kExitOk;
  }
  if (const std::string problem = saveScene(model, *output); !problem.empty()) {
    err << "articulab import: " << problem << '\n';
    return kExitBadScene;
  }
  out << "wrote " << *output << '\n';
  return kExitOk;
}

}  // namespace articulab::cli
