"""The ``pool`` rule system (seeds 000 and 003): d10 pools, halls, cycles, items, donations."""
