"""The ``pool`` rule system (rulebook: pool): d10 pools, halls, cycles, items, donations."""
