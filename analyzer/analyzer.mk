# analyzer/analyzer.mk: build bin/bloatwatch-analyze (plain and ASan/UBSan); its tests: tests/analyzer/analyzer.mk.
#
# analyzer/lib/*.c is the library (libbloatwatch.a), analyzer/cmd/*.c the extractors (one file
# each, listed in cmd/table.c) and analyzer/main.c the command line; a new file joins the build
# by existing. Libraries the analyzer needs go on AN_LIBS below.

AN_LIB_SRCS := $(sort $(wildcard analyzer/lib/*.c))
AN_CMD_SRCS := analyzer/main.c $(sort $(wildcard analyzer/cmd/*.c))
AN_SRCS     := $(AN_LIB_SRCS) $(AN_CMD_SRCS)
AN_OBJDIR   := $(BUILD)/analyzer
AN_LIB      := $(AN_OBJDIR)/plain/libbloatwatch.a
AN_SAN_LIB  := $(AN_OBJDIR)/san/libbloatwatch.a
AN_BIN      := $(BIN)/bloatwatch-analyze
AN_SAN_BIN  := $(AN_OBJDIR)/san/bloatwatch-analyze
# Libraries: libelf for ELF, libdw/libdwfl for DWARF (lib/dw*.c), capstone to find indirect
# calls (lib/cgdisasm.c), libiberty for demangling (lib/demangle.c). Add more here.
AN_LIBS     := -ldw -lelf -lz -lcapstone -liberty
AN_CPPFLAGS := -Ianalyzer/lib -Ianalyzer/cmd
AN_CLANG    ?= $(HOST_CCACHE_RUN)clang

.PHONY: analyzer analyzer-san
analyzer: $(AN_BIN)
analyzer-san: $(AN_SAN_BIN)

AN_objs = $(patsubst analyzer/%.c,$(AN_OBJDIR)/$(1)/%.o,$(2))
# The plain and the sanitized build (the fuzzers' is in tests/analyzer/analyzer.mk): the same
# rules, with the compile command of AN_CC_<kind>.
AN_CC_plain = $(HOST_CC) $(HOST_CFLAGS)
AN_CC_san   = $(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS)
$(foreach k,plain san,$(eval $(AN_OBJDIR)/$(k)/%.o: analyzer/%.c ; \
	$$(Q)mkdir -p $$(@D) && $$(AN_CC_$(k)) $$(AN_CPPFLAGS) -MMD -MP -c -o $$@ $$<))

$(AN_LIB): $(call AN_objs,plain,$(AN_LIB_SRCS))
$(AN_SAN_LIB): $(call AN_objs,san,$(AN_LIB_SRCS))
$(AN_LIB) $(AN_SAN_LIB):
	$(Q)rm -f $@ && ar rcs $@ $^

$(AN_BIN): $(call AN_objs,plain,$(AN_CMD_SRCS)) $(AN_LIB)
$(AN_SAN_BIN): $(call AN_objs,san,$(AN_CMD_SRCS)) $(AN_SAN_LIB)
$(AN_BIN) $(AN_SAN_BIN):
	@mkdir -p $(@D)
	$(Q)$(AN_CC_$(if $(findstring /san/,$@),san,plain)) -o $@ $^ $(AN_LIBS)

-include $(wildcard $(patsubst %.o,%.d,$(call AN_objs,plain,$(AN_SRCS)) $(call AN_objs,san,$(AN_SRCS))))
