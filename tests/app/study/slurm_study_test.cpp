// A study as a Slurm job array against a real Slurm (Debian's slurm-wlm and munge) started by
// the fixture as root: munged on its own socket, a generated slurm.conf with one node named
// after `hostname -s` with the CPUs of nproc (proctrack/linuxproc, task/none, state and spool in
// a temporary folder), slurmctld and slurmd on ports of their own; all stopped at the end by
// their pid files. The test submits a small study, waits, collects, and compares the rows with a
// local run of the same study (wall and CPU times aside), and checks that the reference was
// computed once, by the reference job the array waits for. Skipped where Slurm is not installed
// or the test is not root.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "app/study/study_pool.hpp"
#include "study_test_util.hpp"

namespace articulab::study {
namespace {

bool installed(const char* program) {
  return std::system(("command -v " + std::string(program) + " > /dev/null 2>&1").c_str()) == 0;
}

std::string shortHostname() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  std::string name = host;
  return name.substr(0, name.find('.'));
}

class SlurmStudy : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) GTEST_SKIP() << "starting Slurm needs root";
    for (const char* program : {"munged", "slurmctld", "slurmd", "sbatch", "sinfo"})
      if (!installed(program)) GTEST_SKIP() << program << " is not installed (apt-get install slurm-wlm munge)";
    dir_ = test::freshFolder("slurm");
    for (const char* sub : {"/state", "/spool", "/munge"}) std::filesystem::create_directories(dir_ + sub);
    writeConfig();
    setenv("SLURM_CONF", conf().c_str(), 1);
    ASSERT_EQ(shell("munged --socket=" + dir_ + "/munge/socket --pid-file=" + dir_ + "/munge/munged.pid --log-file=" + dir_ +
                    "/munge/munged.log --seed-file=" + dir_ + "/munge/seed --force"), 0);
    ASSERT_EQ(shell("slurmctld -f " + conf()), 0);
    ASSERT_EQ(shell("slurmd -f " + conf()), 0);
    ASSERT_TRUE(waitFor([&] { return shell("sinfo --noheader --format=%t | grep -q idle") == 0; }, 60))
        << "the node did not come up; see " << dir_ << "/slurmctld.log";
  }

  void TearDown() override {
    for (const char* pid : {"/slurmd.pid", "/slurmctld.pid", "/munge/munged.pid"}) {
      std::ifstream file(dir_ + pid);
      long id = 0;
      if (file >> id && id > 1) {
        shell("kill " + std::to_string(id));
        waitFor([&] { return shell("kill -0 " + std::to_string(id)) != 0; }, 15);
      }
    }
    unsetenv("SLURM_CONF");
  }

  std::string conf() const { return dir_ + "/slurm.conf"; }

  static int shell(const std::string& command) {
    const int status = std::system((command + " > /dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  template <class Done>
  static bool waitFor(Done done, int seconds) {
    for (int i = 0; i < 10 * seconds; ++i) {
      if (done()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

  void writeConfig() const {
    const int port = 20000 + static_cast<int>(getpid() % 20000) * 2 % 20000;
    std::ofstream out(conf());
    out << "ClusterName=articulabtest\nSlurmctldHost=" << shortHostname() << "\nSlurmUser=root\nSlurmdUser=root\n"
        << "AuthType=auth/munge\nCredType=cred/munge\nAuthInfo=socket=" << dir_ << "/munge/socket\n"
        << "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
        << "StateSaveLocation=" << dir_ << "/state\nSlurmdSpoolDir=" << dir_ << "/spool\n"
        << "SlurmctldPidFile=" << dir_ << "/slurmctld.pid\nSlurmdPidFile=" << dir_ << "/slurmd.pid\n"
        << "SlurmctldPort=" << port << "\nSlurmdPort=" << port + 1 << "\n"
        << "SlurmctldLogFile=" << dir_ << "/slurmctld.log\nSlurmdLogFile=" << dir_ << "/slurmd.log\n"
        << "SchedulerType=sched/backfill\nSelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\n"
        << "ReturnToService=2\nMpiDefault=none\nJobCompType=jobcomp/none\n"
        << "AccountingStorageType=accounting_storage/none\nJobAcctGatherType=jobacct_gather/none\n"
        << "NodeName=" << shortHostname() << " CPUs=" << std::max(1u, std::thread::hardware_concurrency())
        << " State=UNKNOWN\nPartitionName=study Nodes=" << shortHostname() << " Default=YES MaxTime=INFINITE State=UP\n";
  }

  std::string dir_;
};

// Every figure of a row but the times.
nlohmann::json withoutTimes(const StudyRow& row) {
  nlohmann::json json = rowJson(row);
  json.erase("wall_per_step");
  json.erase("cpu_per_step");
  return json;
}

TEST_F(SlurmStudy, JobArrayGivesTheRowsOfALocalRun) {
  const std::string text = "{\"scenes\": [\"" + test::sourceDir() + "/scenes/double_pendulum.json\"], \"runs\": "
                           "[\"redmax:rk4\", \"baraff:semi-implicit\", \"variational-minimal:variational-midpoint\"], "
                           "\"dt\": [0.01, 0.005], \"duration\": 0.5}";
  const std::string study = test::writeStudy(dir_, text);
  const std::string cluster = dir_ + "/cluster-results", local = dir_ + "/local-results";
  const std::string binary = ARTICULAB_BINARY;
  ASSERT_EQ(shell(binary + " study " + study + " --out " + cluster + " --slurm --max-parallel 2"), 0);
  const Study plan = readStudy(study);
  const std::vector<StudyCase> cases = expandStudy(plan);
  std::vector<std::string> ids;
  for (const StudyCase& c : cases) ids.push_back(c.id);
  const StudyStore clusterStore(cluster);
  ASSERT_TRUE(waitFor([&] { return clusterStore.rows(ids).size() == cases.size(); }, 180))
      << "the job array did not finish; see " << cluster << "/slurm/";
  ASSERT_EQ(shell(binary + " study " + study + " --out " + cluster + " --collect"), 0);
  EXPECT_TRUE(std::filesystem::exists(clusterStore.tablePath()));
  const StudyStore localStore(local);
  const std::atomic<bool> stop{false};
  runStudyCases(plan, cases, localStore, 2, stop);
  const std::vector<StudyRow> a = clusterStore.rows(ids), b = localStore.rows(ids);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(withoutTimes(a[i]), withoutTimes(b[i]));
  // The one reference (one scene point) was computed once, by the reference job, before the
  // array: no task wrote it.
  std::string referenceJob;
  std::ifstream(cluster + "/slurm/reference-job-id") >> referenceJob;
  ASSERT_FALSE(referenceJob.empty()) << "no reference job was submitted";
  int references = 0;
  for (const auto& entry : std::filesystem::directory_iterator(cluster + "/references")) {
    ++references;
    const std::optional<ReferenceFrames> reference = clusterStore.reference(entry.path().stem().string());
    ASSERT_TRUE(reference);
    EXPECT_EQ(reference->writer, "slurm job " + referenceJob);
    EXPECT_EQ(reference->failure, "");
  }
  EXPECT_EQ(references, 1);
}

}  // namespace
}  // namespace articulab::study
