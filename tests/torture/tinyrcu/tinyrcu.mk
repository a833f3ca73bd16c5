# tests/torture/tinyrcu/tinyrcu.mk: Tiny RCU's torture registration (included from torture.mk).
# Uniprocessor only: four scenarios, simulator mode (Tiny has no cross-CPU state to race on).
TORTURE_VARIANTS += tinyrcu
TORTURE_tinyrcu_SRC := tests/torture/tinyrcu/tiny_harness.c tinyrcu/rcutiny.c common/rcupdate.c
TORTURE_tinyrcu_SCENARIOS := TINY01 TINY02 TINY03 TINY04
TORTURE_tinyrcu_ARGS := --rounds 60 --events 50000
TORTURE_tinyrcu_LONG := --rounds 400 --events 50000
