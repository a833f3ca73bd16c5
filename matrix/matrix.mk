# matrix/matrix.mk: expand the build matrix into build/<arch>/<cc>/<scenario>/ objects.
#
# matrix/gen.sh turns the data (ARCHES, COMPILERS, CFLAGS, CFLIST, CFcommon, scenarios/,
# Kbuild) into explicit rules in $(BUILD)/matrix.gen.mk; make re-creates it whenever the
# data changes. Objects depend on their source, the headers it includes (-MMD) and the
# scenario's autoconf.h, so a second `make objects` with nothing changed does no work.

MATRIX_DATA := matrix/ARCHES matrix/COMPILERS matrix/CFLAGS matrix/CFLIST matrix/CFcommon \
	matrix/Kbuild $(wildcard matrix/scenarios/*) matrix/gen.sh
# A change to the flags or to the compile script rebuilds every object.
MATRIX_DEPS := matrix/ARCHES matrix/CFLAGS matrix/cc.sh

$(BUILD)/matrix.gen.mk: $(MATRIX_DATA)
	@mkdir -p $(@D)
	$(Q)sh matrix/gen.sh $(BUILD) > $@.tmp && mv $@.tmp $@

# $(call matrix_cc,arch,compiler,scenario,variant,command-variable)
define matrix_cc
	@echo "  CC      $@"
	$(Q)sh matrix/cc.sh $@ $< $(1) $(2) $(3) $(4) $($(5))
endef

# `make clean` needs no rules (and no compilers).
ifneq ($(filter clean,$(MAKECMDGOALS)),clean)
include $(BUILD)/matrix.gen.mk
endif

.PHONY: objects matrix-list
objects: $(MATRIX_OBJS)
	@echo "objects: $(words $(MATRIX_OBJS)) objects in $(words $(MATRIX_COORDS)) coordinates up to date$(if $(strip $(MATRIX_DROPPED)), (no compiler for:$(MATRIX_DROPPED)))"

# The coordinates, one per line: for scripts and later stages.
matrix-list:
	@printf '%s\n' $(MATRIX_COORDS)

# Checks of the built matrix: layout, records, incrementality, symbols, irq instructions,
# #CHECK# enforcement, Tiny's size budget (tests/matrix/check.sh).
.PHONY: test-matrix
test-matrix: objects
	$(Q)sh tests/matrix/check.sh $(BUILD) "$(MAKE)" $(MATRIX_COORDS)
TESTS += test-matrix
