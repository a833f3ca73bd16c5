# bench/structs.mk: struct-layout extraction against pahole (make bench); medians and ratios.
#
# The large DWARF input is built from headers on the machine (bench/structs-input.sh); the
# libc debug file (libc6-dbg) and the build matrix are the other inputs.

BS_OUT    := $(BUILD)/bench/structs
BS_INPUT  := $(BS_OUT)/big-dwarf.so
BS_UNITS  ?= 300
BS_LIBC    = $(firstword $(shell ls -S /usr/lib/debug/.build-id/*/*.debug 2>/dev/null))

BENCHES += bench-structs
$(BS_INPUT): bench/structs-input.sh
	@mkdir -p $(@D)
	$(Q)sh bench/structs-input.sh $@ $(BS_UNITS)

bench-structs: $(AN_BIN) $(BS_INPUT) $(if $(MATRIX_OBJS),objects)
	$(Q)sh bench/structs-bench.sh $(AN_BIN) $(BS_INPUT) $(BS_LIBC) -- $(filter %.o,$(MATRIX_OBJS))
