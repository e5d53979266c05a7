// The plots of a comparison (issue 32), over the comparison series (app/session/
// comparison_series.hpp): the energy of every run as |E - E0| relative to the largest kinetic
// energy (log axis, the default in comparisons), or as E - E0 (symmetric log); the constraint
// drift (log); the difference of each run's body frames to the reference run's (log). Each run
// keeps one colour and one label in every plot, legend and figure; the machine-precision floors
// are shaded. The app's plots panel and `articulab compare --figure` draw these same plots.
#pragma once

#include <string>
#include <vector>

#include "app/figures/plot_spec.hpp"
#include "app/session/comparison_series.hpp"

namespace articulab::figures {

// The colour of the run at this place of a comparison (0: the main run): green, then purple for
// the first comparison run, orange, blue, red, brown, pink, grey, olive, cyan, cycled.
Colour runColour(std::size_t index);
// Whether run `index` reuses an earlier run's colour (the palette has ten): such lines are dashed.
bool runColourRepeats(std::size_t index);

// A run as its plots show it.
struct ComparedRunStyle {
  std::string label;  // legend text: "baraff semi-implicit, dt 0.001 s"
  Colour colour;
  bool shown = true;  // false: muted (left out of the plots and the legends)
};

// How a plot shows energy: absolute kinetic, potential and total (the sampled series), E - E0
// (symlog) or |E - E0| / K_max (log).
enum class EnergyView { Absolute, Change, Relative };
const char* energyViewName(EnergyView view);  // "absolute", "change", "relative"
bool parseEnergyView(const std::string& name, EnergyView& view);

// The energy plot of the runs in the view (Change or Relative), over the comparison series.
PlotSpec comparisonEnergyPlot(const std::vector<ComparedRunStyle>& runs, EnergyView view,
                              const session::ComparisonFloors& floors);
// The drift plot of the runs (log), over the comparison series.
PlotSpec comparisonDriftPlot(const std::vector<ComparedRunStyle>& runs, const session::ComparisonFloors& floors);
// The difference of each run but the reference to the reference run (log), titled with it.
PlotSpec comparisonDifferencePlot(const std::vector<ComparedRunStyle>& runs, std::size_t reference,
                                  const session::ComparisonFloors& floors);

}  // namespace articulab::figures
