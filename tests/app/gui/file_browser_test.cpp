// The file dialog's model and the recent scenes, on a directory tree made for the test.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/gui/default_file_name.hpp"
#include "app/gui/file_browser.hpp"
#include "app/gui/recent_files.hpp"

namespace articulab::gui {
namespace {

namespace fs = std::filesystem;

// TMP/articulab_browser/TEST/{b.json, a.json, notes.txt, .hidden.json, zdir/, adir/inner.json}: a
// folder per test, since ctest runs the tests in parallel processes.
fs::path makeTree() {
  const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
  const fs::path root = fs::temp_directory_path() / "articulab_browser" / test;
  fs::remove_all(root);
  fs::create_directories(root / "adir");
  fs::create_directories(root / "zdir");
  for (const char* name : {"b.json", "a.json", "notes.txt", ".hidden.json", "adir/inner.json"}) std::ofstream(root / name) << "{}";
  return root;
}

std::vector<std::string> names(const FileBrowser& browser) {
  std::vector<std::string> out;
  for (const BrowserEntry& e : browser.entries()) out.push_back(e.directory ? e.name + "/" : e.name);
  return out;
}

TEST(FileBrowser, ListsDirectoriesFirstThenSceneFilesByName) {
  const fs::path root = makeTree();
  FileBrowser browser;
  browser.open(BrowseMode::OpenScene, root.string(), "");
  EXPECT_TRUE(browser.isOpen());
  EXPECT_EQ(browser.directory(), fs::canonical(root).string());
  EXPECT_EQ(names(browser), (std::vector<std::string>{"adir/", "zdir/", "a.json", "b.json"}));
  // The export dialog lists every file.
  browser.open(BrowseMode::ExportPlots, root.string(), "base");
  EXPECT_EQ(names(browser), (std::vector<std::string>{"adir/", "zdir/", "a.json", "b.json", "notes.txt"}));
}

TEST(FileBrowser, MovesIntoSubdirectoriesUpAndToTypedPaths) {
  const fs::path root = fs::canonical(makeTree());
  FileBrowser browser;
  browser.open(BrowseMode::OpenScene, root.string(), "");
  ASSERT_TRUE(browser.enter("adir"));
  EXPECT_EQ(browser.directory(), (root / "adir").string());
  EXPECT_EQ(names(browser), (std::vector<std::string>{"inner.json"}));
  ASSERT_TRUE(browser.enter(".."));
  EXPECT_EQ(browser.directory(), root.string());
  ASSERT_TRUE(browser.goTo("zdir"));
  EXPECT_EQ(browser.directory(), (root / "zdir").string());
  ASSERT_TRUE(browser.goTo(root.string()));
  EXPECT_EQ(browser.directory(), root.string());
}

TEST(FileBrowser, AnUnreadableDirectoryKeepsTheListingAndSaysWhy) {
  const fs::path root = fs::canonical(makeTree());
  FileBrowser browser;
  browser.open(BrowseMode::OpenScene, root.string(), "");
  EXPECT_FALSE(browser.enter("no_such_dir"));
  EXPECT_NE(browser.error().find("no_such_dir"), std::string::npos) << browser.error();
  EXPECT_EQ(browser.directory(), root.string());
  EXPECT_EQ(browser.entries().size(), 4u);
  // Opening on a missing directory falls back to the current directory.
  browser.open(BrowseMode::OpenScene, (root / "missing").string(), "");
  EXPECT_EQ(browser.directory(), fs::current_path().string());
}

TEST(FileBrowser, TheChosenPathIsCheckedForItsMode) {
  const fs::path root = fs::canonical(makeTree());
  FileBrowser browser;
  browser.open(BrowseMode::OpenScene, root.string(), "");
  EXPECT_EQ(browser.checkChosen(), "no file name");
  browser.name = "a.json";
  EXPECT_EQ(browser.chosenPath(), (root / "a.json").string());
  EXPECT_EQ(browser.checkChosen(), "");
  browser.name = "missing.json";
  EXPECT_NE(browser.checkChosen().find("does not exist"), std::string::npos);
  browser.name = "adir";
  EXPECT_NE(browser.checkChosen().find("is a directory"), std::string::npos);
  browser.name = "adir/inner.json";  // a name with a directory part
  EXPECT_EQ(browser.chosenPath(), (root / "adir" / "inner.json").string());
  EXPECT_EQ(browser.checkChosen(), "");
  // An export names a new base in an existing directory.
  browser.open(BrowseMode::ExportPlots, root.string(), "run1");
  EXPECT_EQ(browser.checkChosen(), "");
  browser.name = "nowhere/run1";
  EXPECT_NE(browser.checkChosen().find("directory"), std::string::npos);
}

TEST(RecentFiles, KeepsTheLastTenMostRecentFirstWithoutRepeatsAcrossSessions) {
  const fs::path root = fs::canonical(makeTree());
  const std::string store = (root / "config" / "recent_scenes.txt").string();
  std::string error;
  {
    RecentFiles recent(store);
    EXPECT_TRUE(recent.files().empty());
    for (int i = 0; i < 12; ++i) {
      std::string name = std::to_string(i);  // s0.json ... s11.json
      name.insert(0, 1, 's');
      name += ".json";
      ASSERT_TRUE(recent.add((root / name).string(), error)) << error;
    }
    ASSERT_TRUE(recent.add((root / "s5.json").string(), error));
    EXPECT_EQ(recent.files().size(), RecentFiles::kCapacity);
    EXPECT_EQ(recent.files()[0], (root / "s5.json").string());
    EXPECT_EQ(recent.files()[1], (root / "s11.json").string());
    EXPECT_EQ(std::count(recent.files().begin(), recent.files().end(), (root / "s5.json").string()), 1);
  }
  RecentFiles again(store);  // the next session
  ASSERT_EQ(again.files().size(), RecentFiles::kCapacity);
  EXPECT_EQ(again.files()[0], (root / "s5.json").string());
  EXPECT_EQ(again.files().back(), (root / "s2.json").string());  // s0 and s1 fell off
}

TEST(RecentFiles, AnUnwritableStoreKeepsTheListInMemory) {
  const fs::path root = fs::canonical(makeTree());
  RecentFiles recent((root / "a.json" / "recent.txt").string());  // a file is not a directory
  std::string error;
  EXPECT_FALSE(recent.add("scene.json", error));
  EXPECT_NE(error.find("could not be written"), std::string::npos);
  ASSERT_EQ(recent.files().size(), 1u);
  EXPECT_EQ(recent.files()[0], (fs::current_path() / "scene.json").string());
}

TEST(DefaultFileName, SceneNameMadeFileSafeAndTheLocalTime) {
  const std::string name = timestampedFileName("four-bar chain/2", ".mp4");
  ASSERT_EQ(name.size(), std::string("four-bar_chain_2_YYYYMMDD-HHMMSS.mp4").size()) << name;
  EXPECT_EQ(name.substr(0, 17), "four-bar_chain_2_");
  EXPECT_EQ(name.substr(name.size() - 4), ".mp4");
  EXPECT_EQ(timestampedFileName("", "").substr(0, 10), "articulab_");
}

// File > Save scene as: SCENE_edited.json, listed among the scene files, in an existing directory.
TEST(DefaultFileName, SaveSceneAsProposesSceneEdited) {
  EXPECT_EQ(editedSceneFileName("four_bar"), "four_bar_edited.json");
  EXPECT_EQ(editedSceneFileName("four_bar_edited"), "four_bar_edited.json");  // saved again: the same name
  EXPECT_EQ(editedSceneFileName("my scene"), "my_scene_edited.json");
  EXPECT_EQ(editedSceneFileName(""), "articulab_edited.json");
  const fs::path root = fs::canonical(makeTree());
  FileBrowser browser;
  browser.open(BrowseMode::SaveScene, root.string(), editedSceneFileName("a"));
  EXPECT_EQ(names(browser), (std::vector<std::string>{"adir/", "zdir/", "a.json", "b.json"}));
  EXPECT_EQ(browser.checkChosen(), "");  // a new file
  browser.name = "a.json";
  EXPECT_EQ(browser.checkChosen(), "");  // an existing one (the dialog asks before overwriting)
  browser.name = "nowhere/a.json";
  EXPECT_NE(browser.checkChosen().find("directory"), std::string::npos);
}

}  // namespace
}  // namespace articulab::gui
