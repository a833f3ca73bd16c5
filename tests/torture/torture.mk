# tests/torture/torture.mk: host torture harnesses and mutants for the RCU variants.
