#include "app/study/study_store.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <thread>

namespace articulab::study {

namespace fs = std::filesystem;

namespace {

void createFolder(const fs::path& folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw StoreError("cannot create '" + folder.string() + "': " + ec.message());
}

[[noreturn]] void fail(const std::string& what, const std::string& path, int error) {
  throw StoreError(what + " '" + path + "': " + (error != 0 ? std::strerror(error) : "unknown reason"));
}

std::string hostName() {
  char host[64] = "host";
  gethostname(host, sizeof host - 1);
  return host;
}

std::string temporaryName(const std::string& path) {
  const std::size_t thread = std::hash<std::thread::id>{}(std::this_thread::get_id());
  return path + ".tmp." + hostName() + "." + std::to_string(getpid()) + "." + std::to_string(thread);
}

void writeAll(int fd, const std::string& content, const std::string& path) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = errno;
      ::close(fd);
      fail("cannot write", path, error);
    }
    written += static_cast<std::size_t>(n);
  }
}

std::optional<std::string> readText(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot read", path, errno);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

nlohmann::json parseStored(const std::string& path, const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw StoreError("'" + path + "' is not a result file of a study: " + e.what());
  }
}

}  // namespace

std::string referenceWriter() {
  const char* job = std::getenv("SLURM_ARRAY_JOB_ID");
  const char* task = std::getenv("SLURM_ARRAY_TASK_ID");
  if (job && task) return std::string("slurm job ") + job + " task " + task;
  if ((job = std::getenv("SLURM_JOB_ID"))) return std::string("slurm job ") + job;
  return "host " + hostName() + " process " + std::to_string(getpid());
}

void writeAtomically(const std::string& path, const std::string& content) {
  const std::string temporary = temporaryName(path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot create", temporary, errno);
  writeAll(fd, content, temporary);
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    fail("cannot flush", temporary, error);
  }
  if (::close(fd) != 0) fail("cannot close", temporary, errno);
  if (::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temporary.c_str());
    fail("cannot rename " + temporary + " to", path, error);
  }
}

// references/ is made by the first reference written: a study without reference runs has none.
StudyStore::StudyStore(std::string folder) : folder_(std::move(folder)) { createFolder(fs::path(folder_) / "runs"); }

std::string StudyStore::tablePath() const { return (fs::path(folder_) / "results.csv").string(); }

std::optional<StudyRow> StudyStore::row(const std::string& id) const {
  const std::string path = (fs::path(folder_) / "runs" / (id + ".json")).string();
  const std::optional<std::string> text = readText(path);
  if (!text) return std::nullopt;
  try {
    return rowFromJson(parseStored(path, *text));
  } catch (const StoreError&) {
    throw;
  } catch (const std::runtime_error& e) {
    throw StoreError("'" + path + "' is not a result file of a study: " + e.what());
  }
}

void StudyStore::write(const StudyRow& row) const {
  writeAtomically((fs::path(folder_) / "runs" / (row.id + ".json")).string(), rowJson(row).dump(1) + "\n");
}

std::vector<StudyRow> StudyStore::rows(const std::vector<std::string>& ids) const {
  std::vector<StudyRow> out;
  for (const std::string& id : ids)
    if (std::optional<StudyRow> r = row(id)) out.push_back(std::move(*r));
  return out;
}

std::vector<StudyRow> StudyStore::allRows() const {
  std::vector<StudyRow> out;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(fs::path(folder_) / "runs", ec)) {
    const fs::path& path = entry.path();
    if (path.extension() != ".json" || path.stem().string().find('.') != std::string::npos) continue;
    if (std::optional<StudyRow> r = row(path.stem().string())) out.push_back(std::move(*r));
  }
  if (ec) throw StoreError("cannot list '" + (fs::path(folder_) / "runs").string() + "': " + ec.message());
  std::sort(out.begin(), out.end(), [](const StudyRow& a, const StudyRow& b) { return a.key < b.key; });
  return out;
}

void StudyStore::writeTable(const std::vector<StudyRow>& rows) const {
  std::ostringstream table;
  writeRowsCsv(rows, table);
  writeAtomically(tablePath(), table.str());
}

std::optional<ReferenceFrames> StudyStore::reference(const std::string& id) const {
  const std::string path = (fs::path(folder_) / "references" / (id + ".json")).string();
  const std::optional<std::string> text = readText(path);
  if (!text) return std::nullopt;
  const nlohmann::json json = parseStored(path, *text);
  try {
    ReferenceFrames reference{json.at("label").get<std::string>(), {}, json.at("failure").get<std::string>(),
                              json.value("written_by", std::string())};
    for (const nlohmann::json& time : json.at("frames")) {
      std::vector<Matrix4> bodies;
      for (const nlohmann::json& frame : time) {
        Matrix4 E;
        for (int k = 0; k < 16; ++k) E(k / 4, k % 4) = frame.at(k).get<double>();
        bodies.push_back(E);
      }
      reference.frames.push_back(std::move(bodies));
    }
    return reference;
  } catch (const nlohmann::json::exception& e) {
    throw StoreError("'" + path + "' is not a reference file of a study: " + e.what());
  }
}

void StudyStore::writeReference(const std::string& id, const ReferenceFrames& reference) const {
  nlohmann::json frames = nlohmann::json::array();
  for (const std::vector<Matrix4>& bodies : reference.frames) {
    nlohmann::json time = nlohmann::json::array();
    for (const Matrix4& E : bodies) {
      nlohmann::json frame = nlohmann::json::array();
      for (int k = 0; k < 16; ++k) frame.push_back(E(k / 4, k % 4));
      time.push_back(std::move(frame));
    }
    frames.push_back(std::move(time));
  }
  const nlohmann::json json{{"label", reference.label},
                            {"failure", reference.failure},
                            {"written_by", reference.writer},
                            {"frames", frames}};
  createFolder(fs::path(folder_) / "references");
  writeAtomically((fs::path(folder_) / "references" / (id + ".json")).string(), json.dump() + "\n");
}

}  // namespace articulab::study
