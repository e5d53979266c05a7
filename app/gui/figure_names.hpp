// The figures (app/figures: axes, scales, plot specs, the exporter) as the panels use them.
#pragma once

#include "app/figures/axis_scale.hpp"
#include "app/figures/axis_ticks.hpp"
#include "app/figures/comparison_plots.hpp"
#include "app/figures/decimate.hpp"
#include "app/figures/figure_title.hpp"
#include "app/figures/plot_canvas.hpp"
#include "app/figures/plot_export.hpp"
#include "app/figures/plot_spec.hpp"
#include "app/gui/session_names.hpp"

namespace articulab::gui {

using figures::addMuscleEnergyBalance;
using figures::autoscaleAxis;
using figures::AxisScale;
using figures::ValueAxis;
using figures::ValueScale;
using figures::scaleTicks;
using figures::ValueExtent;
using figures::valueExtent;
using figures::PlotSource;
using figures::EnergyView;
using figures::ComparedRunStyle;
using figures::runColour;
using figures::comparisonEnergyPlot;
using figures::comparisonDriftPlot;
using figures::comparisonDifferencePlot;
using figures::energyViewName;
using figures::parseEnergyView;
using figures::axisScaleName;
using figures::parseAxisScale;
using figures::AxisRange;
using figures::axisTicks;
using figures::CanvasPoint;
using figures::Colour;
using figures::decimate;
using figures::defaultHiddenMuscles;
using figures::drawFigure;
using figures::exportFigure;
using figures::exportFigureSet;
using figures::Figure;
using figures::LegendEntry;
using figures::figureSubtitle;
using figures::figureTitle;
using figures::kDefaultPlottedMuscles;
using figures::kMusclePlotCount;
using figures::MusclePlot;
using figures::musclePlot;
using figures::musclePlotName;
using figures::paddedRange;
using figures::PlotCanvas;
using figures::PlotPoint;
using figures::PlotSeries;
using figures::PlotSpec;
using figures::RunLabels;
using figures::seriesLabel;
using figures::sharedUnit;
using figures::standardPlots;
using figures::SvgCanvas;
using figures::Tick;
using figures::xmlEscape;
using figures::cairoCanvas;

}  // namespace articulab::gui
