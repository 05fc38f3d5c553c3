"""The Metric behaviour page's parts, one module per section: the position sweep, the swap
deltas, redundancy, diversity, incomplete judgments and the landscape of orderings. Each part
draws its section from `ui.playground.readout.PlaygroundInputs` (or from nothing but the sample
collection); the numbers come from rankwork.explore.behaviour and rankwork.explore.novelty
through ui.shared.cached, the figures from ui.shared.explore_figures."""
