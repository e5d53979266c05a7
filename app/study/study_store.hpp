// The results store of a study: a folder with one file per run (runs/ID.json, study_row.hpp),
// one per reference (references/ID.json: the body frames at the output times) and the merged
// table results.csv rebuilt from the run files. Every file is written atomically (a temporary
// name unique to the process and thread, fsync and close checked, then rename), so that many
// workers, and the tasks of a Slurm array on a shared filesystem, fill one store safely: a
// reader sees a whole file or none.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/study/study_row.hpp"
#include "engine/spatial/types.hpp"

namespace articulab::study {

// A file of the store that cannot be written or read: names the path and the reason.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The body frames of a reference run at the output times ([time][body]); failure: why it has none;
// writer: who computed it ("slurm job 12 task 3", "host 4711": referenceWriter()).
struct ReferenceFrames {
  std::string label;
  std::vector<std::vector<Matrix4>> frames;
  std::string failure;
  std::string writer;
};

// This process as the writer of a reference: its Slurm job (and array task) when it is one,
// else its host and process id.
std::string referenceWriter();

// Writes content to path through a temporary file in the same folder, renamed over it.
void writeAtomically(const std::string& path, const std::string& content);

class StudyStore {
 public:
  // Creates the folder (and runs/, references/) when missing.
  explicit StudyStore(std::string folder);
  const std::string& folder() const { return folder_; }
  std::string tablePath() const;

  // The stored row of a run; none when there is no file (a file that does not read throws).
  std::optional<StudyRow> row(const std::string& id) const;
  void write(const StudyRow& row) const;
  // Every stored row, in the order of the given ids (those without a file left out).
  std::vector<StudyRow> rows(const std::vector<std::string>& ids) const;
  // Every row in runs/, ordered by key.
  std::vector<StudyRow> allRows() const;
  // Rewrites results.csv from the rows.
  void writeTable(const std::vector<StudyRow>& rows) const;

  std::optional<ReferenceFrames> reference(const std::string& id) const;
  void writeReference(const std::string& id, const ReferenceFrames& reference) const;

 private:
  std::string folder_;
};

}  // namespace articulab::study
