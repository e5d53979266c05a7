// `articulab import` on the command line (app/cli/import_command.cpp): the scene it writes loads
// back to the model the importer reads (the oracle: modelDifference against loadModel of the
// URDF), names its meshes relative to its own folder so that it moves with them, and the output
// is refused before the import when it is empty or is the model itself.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/cli/last_resort.hpp"
#include "engine/io/model_difference.hpp"
#include "engine/io/model_loader.hpp"
#include "tests/app/cli/cli_invocation.hpp"

namespace articulab {
namespace {

namespace fs = std::filesystem;

const fs::path kImportData = ARTICULAB_SOURCE_DIR "/tests/engine/io/import/data";

// A fresh folder in the temporary directory, removed with the object.
class TemporaryFolder {
 public:
  explicit TemporaryFolder(const std::string& name) : path_(fs::temp_directory_path() / ("articulab_import_" + name)) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TemporaryFolder() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string fileText(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(CliImport, WritesASceneThatLoadsBackToTheImportedModelAndMovesWithItsMeshes) {
  const TemporaryFolder folder("moves");
  fs::create_directories(folder.path() / "before" / "ur5_like");
  fs::copy(kImportData / "ur5_like", folder.path() / "before" / "ur5_like", fs::copy_options::recursive);
  const fs::path urdf = folder.path() / "before" / "ur5_like" / "ur5_like.urdf";
  const fs::path scene = folder.path() / "before" / "ur5_like.json";
  const std::string packages = (folder.path() / "before").string();

  const test::CliOutcome imported =
      test::invokeCli({"import", urdf.string(), "-o", scene.string(), "--package-path", packages});
  ASSERT_EQ(imported.code, cli::kExitOk) << test::outcomeText(imported);
  EXPECT_NE(imported.out.find("imported " + urdf.string() + ": "), std::string::npos) << imported.out;
  EXPECT_NE(imported.out.find("wrote " + scene.string()), std::string::npos) << imported.out;

  const std::string text = fileText(scene);
  EXPECT_NE(text.find("\"file\": \"ur5_like/meshes/shoulder.stl\""), std::string::npos) << text;
  EXPECT_EQ(text.find("\"file\": \"/"), std::string::npos) << "an absolute mesh path:\n" << text;

  ImportOptions options;
  options.packagePaths = {packages};
  const Model original = loadModel(urdf.string(), {}, options);
  EXPECT_EQ(modelDifference(original, loadModel(scene.string())), "");

  fs::rename(folder.path() / "before", folder.path() / "after");
  const Model moved = loadModel((folder.path() / "after" / "ur5_like.json").string());
  ASSERT_EQ(moved.bodyCount(), original.bodyCount());
  int meshes = 0;
  for (const Body& body : moved.bodies)
    for (const BodyShape& shape : body.shapes)
      if (shape.dims.mesh) {
        ++meshes;
        EXPECT_EQ(shape.dims.mesh->file.rfind((folder.path() / "after").string(), 0), 0u) << shape.dims.mesh->file;
      }
  EXPECT_GE(meshes, 1);
}

TEST(CliImport, WithoutOutputTheSceneGoesToStandardOutputAndTheSummaryToStandardError) {
  const test::CliOutcome imported = test::invokeCli({"import", (kImportData / "four_bar.xml").string()});
  ASSERT_EQ(imported.code, cli::kExitOk) << test::outcomeText(imported);
  EXPECT_EQ(imported.out.rfind("{", 0), 0u) << imported.out;
  EXPECT_NE(imported.err.find("imported "), std::string::npos) << imported.err;
}

TEST(CliImport, AnOutputThatIsEmptyOrTheModelItselfIsRefusedBeforeTheImport) {
  const TemporaryFolder folder("refused");
  const fs::path urdf = folder.path() / "missing_meshes.urdf";
  fs::copy_file(kImportData / "missing_meshes.urdf", urdf);
  const std::string before = fileText(urdf);

  const test::CliOutcome itself = test::invokeCli({"import", urdf.string(), "-o", urdf.string()});
  EXPECT_EQ(itself.code, cli::kExitBadCommand) << test::outcomeText(itself);
  EXPECT_NE(itself.err.find("is the input"), std::string::npos) << itself.err;
  EXPECT_EQ(fileText(urdf), before);

  const test::CliOutcome empty = test::invokeCli({"import", urdf.string(), "-o", ""});
  EXPECT_EQ(empty.code, cli::kExitBadCommand) << test::outcomeText(empty);
  EXPECT_NE(empty.err.find("-o needs a value"), std::string::npos) << empty.err;
}

TEST(CliImport, AMissingModelIsASceneErrorNamingTheFile) {
  const test::CliOutcome missing = test::invokeCli({"import", "/nonexistent/robot.urdf"});
  EXPECT_EQ(missing.code, cli::kExitBadScene) << test::outcomeText(missing);
  EXPECT_NE(missing.err.find("/nonexistent/robot.urdf"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace articulab
