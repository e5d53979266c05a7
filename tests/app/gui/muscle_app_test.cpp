// Muscles in the app without a window: the excitation edit (slider and set-muscle) and its
// refusals, the muscle channels of the recorded series (the columns of `articulab run --csv`,
// plus the muscle work and E - W), the muscle plot, and the simulation keeping an edited
// excitation across back-end switches while E - W stays constant.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/gui/plot_export.hpp"
#include "app/gui/plot_spec.hpp"
#include "app/gui/script.hpp"
#include "app/gui/session_names.hpp"
#include "engine/algorithm/initial_state.hpp"
#include "engine/diagnostics/recorder.hpp"
#include "engine/forces/muscle_excitation.hpp"
#include "engine/forces/muscle_readings.hpp"
#include "engine/io/scene_loader.hpp"
#include "gui_test_paths.hpp"

namespace articulab::gui {
namespace {

using session::restoreMuscleExcitation;
using session::sameExcitation;
using session::setMuscleExcitation;
using test::kMuscleArm;

bool muscleTestContains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---------------------------------------------------------------- the edit

TEST(MuscleEdits, AnExcitationInZeroOneBecomesAConstantAndNonsenseIsRefused) {
  Model model = loadScene(kMuscleArm);
  const Excitation schedule = model.muscles[0].excitation;
  ASSERT_EQ(schedule.times.size(), 5u);
  EXPECT_EQ(setMuscleExcitation(model, 0, 0.7), "");
  EXPECT_TRUE(sameExcitation(model.muscles[0].excitation, constantExcitation(0.7)));
  for (double t : {0.0, 1.6, 10.0}) EXPECT_EQ(excitationAt(model.muscles[0].excitation, t), 0.7);
  EXPECT_EQ(setMuscleExcitation(model, 0, 0.0), "");
  EXPECT_EQ(setMuscleExcitation(model, 0, 1.0), "");

  const Excitation before = model.muscles[1].excitation;
  EXPECT_EQ(setMuscleExcitation(model, 1, 1.5), "muscle 1 'triceps': excitation must be in [0, 1] (got 1.5)");
  EXPECT_EQ(setMuscleExcitation(model, 1, -0.1), "muscle 1 'triceps': excitation must be in [0, 1] (got -0.1)");
  EXPECT_TRUE(muscleTestContains(setMuscleExcitation(model, 1, NAN), "must be in [0, 1]"));
  EXPECT_TRUE(sameExcitation(model.muscles[1].excitation, before)) << "a refused value leaves the muscle as it was";
  EXPECT_EQ(setMuscleExcitation(model, 2, 0.5), "muscle index 2 is out of range (the scene has 2 muscles, 0 to 1)");
  EXPECT_EQ(setMuscleExcitation(model, -1, 0.5), "muscle index -1 is out of range (the scene has 2 muscles, 0 to 1)");
  Model none = loadScene(test::kChain, {{"n", 2.0}});
  EXPECT_EQ(setMuscleExcitation(none, 0, 0.5), "muscle index 0 is out of range (the scene has no muscles)");
}

TEST(MuscleEdits, TheScheduleOfTheSceneComesBack) {
  const Model scene = loadScene(kMuscleArm);
  Model model = scene;
  ASSERT_EQ(setMuscleExcitation(model, 0, 0.9), "");
  EXPECT_FALSE(sameExcitation(model.muscles[0].excitation, scene.muscles[0].excitation));
  EXPECT_EQ(restoreMuscleExcitation(model, scene, 0), "");
  EXPECT_TRUE(sameExcitation(model.muscles[0].excitation, scene.muscles[0].excitation));
  EXPECT_EQ(excitationAt(model.muscles[0].excitation, 2.0), 0.6);
  model.muscles[1].name = "renamed";  // another scene: no schedule to restore
  EXPECT_TRUE(muscleTestContains(restoreMuscleExcitation(model, scene, 1), "not in the scene as loaded"));
  EXPECT_TRUE(muscleTestContains(restoreMuscleExcitation(model, scene, 5), "out of range"));
}

TEST(MuscleEdits, SameExcitationComparesKnotsAndWaves) {
  Excitation wave;
  wave.wave = true;
  wave.mean = 0.5;
  wave.amplitude = 0.2;
  Excitation other = wave;
  EXPECT_TRUE(sameExcitation(wave, other));
  other.phase = 0.1;
  EXPECT_FALSE(sameExcitation(wave, other));
  EXPECT_FALSE(sameExcitation(wave, constantExcitation(0.5)));
  EXPECT_TRUE(sameExcitation(constantExcitation(0.25), constantExcitation(0.25)));
  EXPECT_FALSE(sameExcitation(constantExcitation(0.25), constantExcitation(0.3)));
}

// ---------------------------------------------------------------- set-muscle

TEST(MuscleScript, SetMuscleIsAScriptCommandListedWithItsUsage) {
  bool setMuscle = false, colour = false, overlayLists = false;
  for (const CommandSyntax& syntax : scriptCommands()) {
    const std::string name = syntax.name;
    if (name == "set-muscle") setMuscle = muscleTestContains(syntax.usage, "INDEX excitation VALUE|schedule") && muscleTestContains(syntax.usage, "[0, 1]");
    if (name == "muscle-colour") colour = muscleTestContains(syntax.usage, "activation|force");
    if (name == "overlay") overlayLists = muscleTestContains(syntax.usage, "muscles");
  }
  EXPECT_TRUE(setMuscle);
  EXPECT_TRUE(colour);
  EXPECT_TRUE(overlayLists);
  std::vector<ScriptCommand> commands;
  std::string error;
  ASSERT_TRUE(parseScript("set-muscle 0 excitation 1\nset-muscle 1 excitation schedule\nmuscle-colour force\n", "s.txt",
                          commands, error))
      << error;
  EXPECT_EQ(commands.size(), 3u);
  EXPECT_FALSE(parseScript("set-muscle 0 excitation\n", "s.txt", commands, error));
  EXPECT_TRUE(muscleTestContains(error, "s.txt:1: set-muscle takes INDEX excitation VALUE|schedule")) << error;
}

TEST(MuscleScript, SetMuscleArgumentsAreCheckedNamingTheIndexTheValueAndTheRange) {
  MuscleCommand command;
  std::string error;
  ASSERT_TRUE(parseSetMuscle({"1", "excitation", "0.25"}, command, error)) << error;
  EXPECT_EQ(command.muscle, 1);
  EXPECT_FALSE(command.schedule);
  EXPECT_EQ(command.excitation, 0.25);
  ASSERT_TRUE(parseSetMuscle({"0", "excitation", "schedule"}, command, error)) << error;
  EXPECT_TRUE(command.schedule);
  ASSERT_TRUE(parseSetMuscle({"0", "excitation", "0"}, command, error));
  ASSERT_TRUE(parseSetMuscle({"0", "excitation", "1"}, command, error));

  EXPECT_FALSE(parseSetMuscle({"3", "excitation", "1.5"}, command, error));
  EXPECT_EQ(error, "muscle 3: excitation 1.5 is outside [0, 1]; set-muscle takes a value in [0, 1] or 'schedule' "
                   "(nothing was changed)");
  EXPECT_FALSE(parseSetMuscle({"0", "excitation", "-0.01"}, command, error));
  EXPECT_TRUE(muscleTestContains(error, "muscle 0: excitation -0.01 is outside [0, 1]")) << error;
  EXPECT_FALSE(parseSetMuscle({"0", "excitation", "high"}, command, error));
  EXPECT_TRUE(muscleTestContains(error, "must be a number in [0, 1] or 'schedule' (got 'high')")) << error;
  EXPECT_FALSE(parseSetMuscle({"0", "excitation", "nan"}, command, error));
  EXPECT_FALSE(parseSetMuscle({"0", "force", "100"}, command, error));
  EXPECT_TRUE(muscleTestContains(error, "unknown muscle field 'force' (expected excitation)")) << error;
  EXPECT_FALSE(parseSetMuscle({"biceps", "excitation", "1"}, command, error));
  EXPECT_TRUE(muscleTestContains(error, "muscle index must be a whole number >= 0 (got 'biceps')")) << error;
  EXPECT_FALSE(parseSetMuscle({"-1", "excitation", "1"}, command, error));
}

// ---------------------------------------------------------------- channels and plots

std::vector<std::string> channelTestNames(const std::vector<Channel>& channels) {
  std::vector<std::string> names;
  for (const Channel& c : channels) names.push_back(channelHeader(c));
  return names;
}

TEST(MuscleChannels, EachMuscleHasTheColumnsOfTheCliRunThenPowerWorkAndBalance) {
  const std::vector<Channel> channels = sampleChannels("", {"biceps", "triceps"});
  const std::vector<std::string> expected = {
      "t [s]", "kinetic [J]", "potential [J]", "total [J]", "drift_position [m]", "drift_rotation [rad]",
      "biceps_excitation [1]", "biceps_activation [1]", "biceps_force [N]", "biceps_length [m]", "biceps_velocity [m/s]",
      "triceps_excitation [1]", "triceps_activation [1]", "triceps_force [N]", "triceps_length [m]",
      "triceps_velocity [m/s]", "muscle_power [W]", "muscle_work [J]", "total_minus_muscle_work [J]"};
  EXPECT_EQ(channelTestNames(channels), expected);

  // Every muscle column of the headless recorder (articulab run --csv) is there, spelt the same.
  const Model model = loadScene(kMuscleArm);
  const TimeSeriesRecorder recorder(model, RecorderColumns{});
  int shared = 0;
  for (const std::string& header : recorder.header())
    if (muscleTestContains(header, "biceps_") || muscleTestContains(header, "triceps_") || muscleTestContains(header, "muscle_")) {
      EXPECT_NE(std::find(expected.begin(), expected.end(), header), expected.end()) << header;
      ++shared;
    }
  EXPECT_EQ(shared, 11);
  EXPECT_EQ(channelTestNames(sampleChannels("", {})), channelTestNames(sampleChannels()));
}

TEST(MuscleChannels, TheLayoutIsReadBackWithAndWithoutAComparison) {
  const SampleLayout plain = sampleLayout(sampleChannels());
  EXPECT_FALSE(plain.comparing);
  EXPECT_EQ(plain.muscles, 0u);
  EXPECT_EQ(plain.channelCount(), std::size_t(kChannelCount));
  for (const std::string compare : {"", "baraff"}) {
    const std::vector<Channel> channels = sampleChannels(compare, {"a", "total_b", "c"});
    const SampleLayout layout = sampleLayout(channels);
    EXPECT_EQ(layout.comparing, !compare.empty());
    ASSERT_EQ(layout.muscles, 3u);
    EXPECT_EQ(layout.channelCount(), channels.size());
    EXPECT_EQ(channels[layout.muscleChannel(1, kMuscleForce)].name, "total_b_force");
    EXPECT_EQ(channels[layout.muscleChannel(2, kMuscleVelocity)].name, "c_velocity");
    EXPECT_EQ(channels[layout.musclePower()].name, "muscle_power");
    EXPECT_EQ(channels[layout.muscleWork()].name, "muscle_work");
    EXPECT_EQ(channels[layout.energyBalance()].name, "total_minus_muscle_work");
  }
  EXPECT_TRUE(sampleLayout(sampleChannels("redmax")).comparing);
  EXPECT_EQ(sampleLayout(sampleChannels("redmax")).muscles, 0u);
}

TEST(MuscleChannels, TheMusclePlotShowsOneQuantityOfTheMusclesNotHidden) {
  const std::vector<Channel> channels = sampleChannels("", {"biceps", "triceps", "brachialis"});
  const SampleLayout layout = sampleLayout(channels);
  const PlotSpec force = musclePlot(layout, MusclePlot::Force, {});
  EXPECT_EQ(force.title, "Muscle force");
  ASSERT_EQ(force.series.size(), 3u);
  for (std::size_t m = 0; m < 3; ++m) EXPECT_EQ(force.series[m].channel, layout.muscleChannel(m, kMuscleForce));
  TimeSeries data(channels, 4);
  EXPECT_EQ(sharedUnit(data, force), "N") << "the title carries the unit, the legend the muscle names";
  EXPECT_EQ(data.channels()[force.series[1].channel].label, "triceps");

  const PlotSpec length = musclePlot(layout, MusclePlot::Length, {false, true});  // triceps hidden
  ASSERT_EQ(length.series.size(), 2u);
  EXPECT_EQ(length.series[0].channel, layout.muscleChannel(0, kMuscleLength));
  EXPECT_EQ(length.series[1].channel, layout.muscleChannel(2, kMuscleLength));
  EXPECT_EQ(sharedUnit(data, length), "m");
  EXPECT_EQ(musclePlot(layout, MusclePlot::Activation, {}).series[0].channel, layout.muscleChannel(0, kMuscleActivation));
  EXPECT_EQ(musclePlot(layout, MusclePlot::Excitation, {}).series[2].channel, layout.muscleChannel(2, kMuscleExcitation));
  EXPECT_EQ(sharedUnit(data, musclePlot(layout, MusclePlot::Velocity, {})), "m/s");
  EXPECT_EQ(defaultHiddenMuscles(3), (std::vector<bool>{false, false, false}));
  const std::vector<bool> snake = defaultHiddenMuscles(20);
  EXPECT_EQ(std::count(snake.begin(), snake.end(), false), static_cast<long>(kDefaultPlottedMuscles));
  EXPECT_FALSE(snake[0]);
  EXPECT_TRUE(snake[19]);
  const PlotSpec power = musclePlot(layout, MusclePlot::Power, {});
  ASSERT_EQ(power.series.size(), 1u);
  EXPECT_EQ(power.series[0].channel, layout.musclePower());
  for (int k = 0; k < kMusclePlotCount; ++k) EXPECT_STRNE(musclePlotName(static_cast<MusclePlot>(k)), "?");

  PlotSpec energy = standardPlots()[0];
  addMuscleEnergyBalance(energy, layout);
  ASSERT_EQ(energy.series.size(), 5u);
  EXPECT_EQ(energy.series[3].channel, layout.muscleWork());
  EXPECT_EQ(energy.series[4].channel, layout.energyBalance());
  EXPECT_EQ(sharedUnit(data, energy), "J");
}

// The exported figure names every muscle of a small rig in the legend; a rig of 30 muscles gets
// as many as fit beside the title and "+N more", never over the title.
TEST(MuscleChannels, TheExportedLegendNamesTheMusclesOrSaysHowManyMore) {
  for (const std::size_t count : {std::size_t(2), std::size_t(30)}) {
    std::vector<std::string> names;
    for (std::size_t m = 0; m < count; ++m) names.push_back("muscle" + std::to_string(m));
    const std::vector<Channel> channels = sampleChannels("", names);
    TimeSeries data(channels, 16);
    std::vector<double> row(channels.size(), 0.0);
    for (int k = 0; k < 10; ++k) {
      row[kTime] = 0.1 * k;
      for (std::size_t c = 1; c < row.size(); ++c) row[c] = std::sin(0.3 * k + c);
      data.push(row.data());
    }
    const SampleLayout layout = sampleLayout(channels);
    Figure figure{"rig", {musclePlot(layout, MusclePlot::Force, {})}, {0.0, 1.0}};
    SvgCanvas canvas(900.0, 640.0);
    drawFigure(canvas, 900.0, 640.0, data, figure);
    const std::string svg = canvas.document();
    EXPECT_TRUE(muscleTestContains(svg, ">Muscle force [N]</text>"));
    if (count == 2) {
      EXPECT_TRUE(muscleTestContains(svg, ">muscle0</text>"));
      EXPECT_TRUE(muscleTestContains(svg, ">muscle1</text>"));
      EXPECT_FALSE(muscleTestContains(svg, " more</text>"));
    } else {
      EXPECT_TRUE(muscleTestContains(svg, ">muscle29</text>")) << "the last muscles are named";
      EXPECT_FALSE(muscleTestContains(svg, ">muscle0</text>")) << "the first ones do not fit";
      EXPECT_TRUE(muscleTestContains(svg, " more</text>"));
    }
  }
}

// ---------------------------------------------------------------- the simulation

void loadMuscleArm(Session& sim) {
  std::string error;
  ASSERT_TRUE(sim.scenes().load(kMuscleArm, {}, "", error)) << error;
}

// Muscles are not conservative, but E - W (W the integral of the muscle power) is constant:
// with rk4 at 1 ms, while the biceps' scheduled excitation rises and the arm swings.
TEST(MuscleSimulation, TotalEnergyMinusMuscleWorkStaysConstant) {
  Session sim;
  loadMuscleArm(sim);
  std::string error;
  ASSERT_TRUE(sim.advance(2500, error)) << error;
  const TimeSeries samples = sim.samples();
  const SampleLayout layout = sampleLayout(samples.channels());
  ASSERT_EQ(layout.muscles, 2u);
  ASSERT_GT(samples.size(), 2000u);
  const double balance0 = samples.value(0, layout.energyBalance());
  double energyLo = INFINITY, energyHi = -INFINITY, workHi = 0.0;
  for (std::size_t r = 0; r < samples.size(); ++r) {
    EXPECT_NEAR(samples.value(r, layout.energyBalance()), balance0, 2e-3) << "t = " << samples.time(r);
    EXPECT_NEAR(samples.value(r, layout.energyBalance()), samples.value(r, kTotal) - samples.value(r, layout.muscleWork()),
                1e-12);
    energyLo = std::min(energyLo, samples.value(r, kTotal));
    energyHi = std::max(energyHi, samples.value(r, kTotal));
    workHi = std::max(workHi, std::abs(samples.value(r, layout.muscleWork())));
  }
  EXPECT_GT(energyHi - energyLo, 1.0) << "the total energy itself changes by joules";
  EXPECT_GT(workHi, 1.0);
  EXPECT_EQ(samples.value(0, layout.muscleWork()), 0.0);
}

// The GUI's muscle columns equal a headless recorder run of the same scene.
TEST(MuscleSimulation, MuscleChannelsEqualTheHeadlessRecorder) {
  Session sim;
  loadMuscleArm(sim);
  std::string error;
  ASSERT_TRUE(sim.advance(300, error)) << error;
  const TimeSeries samples = sim.samples();
  const SampleLayout layout = sampleLayout(samples.channels());

  const Model model = loadScene(kMuscleArm);
  const BackendInfo* info = findBackend(model.defaults.backend);
  ASSERT_NE(info, nullptr);
  const SceneIntegratorChoice choice = info->supports.choose(model);
  std::unique_ptr<Solver> solver = info->create(model, sceneSolverOptions(*info, model, choice.integrator));
  State state = makeInitialState(model);
  TimeSeriesRecorder recorder(model, RecorderColumns{});
  recorder.record(model, state);
  for (int step = 0; step < 300; ++step) {
    ASSERT_TRUE(solver->step(model, state, model.defaults.dt).ok);
    recorder.record(model, state);
  }
  ASSERT_EQ(recorder.rows(), samples.size());
  for (std::size_t m = 0; m < 2; ++m)
    for (MuscleQuantity q : {kMuscleExcitation, kMuscleActivation, kMuscleForce, kMuscleLength, kMuscleVelocity}) {
      const std::string name = model.muscles[m].name + "_" + muscleQuantityName(q);
      const int column = recorder.column(name);
      ASSERT_GE(column, 0) << name;
      for (std::size_t r = 0; r < samples.size(); r += 50)
        EXPECT_EQ(samples.value(r, layout.muscleChannel(m, q)), recorder.value(r, column)) << name << " row " << r;
    }
  const int power = recorder.column("muscle_power");
  for (std::size_t r = 0; r < samples.size(); r += 50)
    EXPECT_EQ(samples.value(r, layout.musclePower()), recorder.value(r, power));
}

TEST(MuscleSimulation, AnEditedExcitationActsAtTheNextStepAndSurvivesABackendSwitch) {
  Session sim;
  loadMuscleArm(sim);
  std::string error;
  ASSERT_TRUE(sim.advance(100, error)) << error;
  Snapshot snap;
  sim.snapshot(snap);
  const double before = snap.state.activations[0];
  EXPECT_NEAR(before, 0.05, 1e-12);
  EXPECT_TRUE(muscleTestContains(sim.edits().muscleExcitation(0, 1.2), "must be in [0, 1]"));
  ASSERT_EQ(sim.edits().muscleExcitation(0, 1.0), "");
  sim.snapshot(snap);
  EXPECT_EQ(snap.state.activations[0], before) << "the activation follows from the next step on";
  EXPECT_EQ(readMuscle(*snap.model, snap.state, 0).excitation, 1.0);
  EXPECT_FALSE(sameExcitation(snap.model->muscles[0].excitation, snap.sceneModel->muscles[0].excitation));
  ASSERT_TRUE(sim.advance(1, error)) << error;
  sim.snapshot(snap);
  const double tau = snap.model->muscles[0].activationTimes.activation;
  EXPECT_NEAR(snap.state.activations[0], before + (1.0 - before) * (1.0 - std::exp(-1e-3 / tau)), 1e-12);

  ASSERT_TRUE(sim.choices().setBackend("redmax", error)) << error;
  ASSERT_TRUE(sim.advance(10, error)) << error;
  sim.snapshot(snap);
  EXPECT_EQ(snap.backend, "redmax");
  EXPECT_EQ(readMuscle(*snap.model, snap.state, 0).excitation, 1.0) << "kept across the switch";
  sim.reset();
  sim.snapshot(snap);
  EXPECT_EQ(readMuscle(*snap.model, snap.state, 0).excitation, 1.0) << "and across a reset";

  ASSERT_EQ(sim.edits().restoreMuscleSchedule(0), "");
  sim.snapshot(snap);
  EXPECT_TRUE(sameExcitation(snap.model->muscles[0].excitation, snap.sceneModel->muscles[0].excitation));
  EXPECT_EQ(readMuscle(*snap.model, snap.state, 0).excitation, 0.05);
  EXPECT_TRUE(muscleTestContains(sim.edits().muscleExcitation(4, 0.5), "out of range"));
}

TEST(MuscleSimulation, TheCsvHasTheMuscleColumns) {
  Session sim;
  loadMuscleArm(sim);
  std::string error;
  ASSERT_TRUE(sim.advance(20, error)) << error;
  const std::string path = ::testing::TempDir() + "muscle_app_test.csv";
  ASSERT_TRUE(writeCsv(sim.samples(), path, error)) << error;
  std::ifstream file(path);
  std::string header;
  std::getline(file, header);
  for (const char* column : {"biceps_activation [1]", "triceps_force [N]", "biceps_length [m]", "triceps_velocity [m/s]",
                             "muscle_power [W]", "muscle_work [J]", "total_minus_muscle_work [J]"})
    EXPECT_TRUE(muscleTestContains(header, column)) << column << " in " << header;
  std::remove(path.c_str());
}

}  // namespace
}  // namespace articulab::gui
