// The in-app file dialog's model (no ImGui here): a directory listing with its subdirectories
// first, then the files with one of the wanted extensions, each sorted by name; moving into a
// subdirectory, up, or to a typed path; and the file name field. Listing never throws: a
// directory that cannot be read keeps the previous listing and says why in error().
#pragma once

#include <string>
#include <vector>

namespace articulab::gui {

enum class BrowseMode {
  OpenScene,    // pick an existing scene file (.json) or model (.urdf, .xml, .mjcf)
  ExportPlots,  // name the base path of the CSV and PNG/SVG/PDF export (any name)
  SaveScene,    // name the scene file to write (File > Save scene as...; .json files listed)
};

struct BrowserEntry {
  std::string name;
  bool directory = false;
};

class FileBrowser {
 public:
  // Opens the dialog on `directory` (the current directory when empty or unreadable) with the
  // file name field set to `name`.
  void open(BrowseMode mode, const std::string& directory, const std::string& name);
  void close() { open_ = false; }
  bool isOpen() const { return open_; }
  BrowseMode mode() const { return mode_; }

  const std::string& directory() const { return directory_; }  // absolute, normalised
  const std::vector<BrowserEntry>& entries() const { return entries_; }
  const std::string& error() const { return error_; }

  // Into a subdirectory of the listing, or ".." for the parent. False (with error()) when it
  // cannot be listed.
  bool enter(const std::string& name);
  // To a typed directory (absolute, or relative to the listed one).
  bool goTo(const std::string& path);
  void rescan() { list(directory_); }

  std::string name;  // the file name field
  // directory()/name; empty when the name is empty. A name with a directory part is taken as
  // typed (absolute, or relative to the listed directory).
  std::string chosenPath() const;
  // What is wrong with the chosen path for this mode ("" when it can be used): no name, a
  // directory, or (OpenScene) no such file, or (ExportPlots, SaveScene) no such directory.
  std::string checkChosen() const;

 private:
  bool list(const std::string& directory);

  bool open_ = false;
  BrowseMode mode_ = BrowseMode::OpenScene;
  std::string directory_;
  std::vector<BrowserEntry> entries_;
  std::string error_;
};

}  // namespace articulab::gui
