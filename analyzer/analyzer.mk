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

$(AN_LIB): $(call AN_objs,plain,$(AN_LIB_SRCS))
$(AN_SAN_LIB): $(call AN_objs,san,$(AN_LIB_SRCS))
$(AN_LIB) $(AN_SAN_LIB):
	$(Q)rm -f $@ && ar rcs $@ $^

$(AN_BIN): $(call AN_objs,plain,$(AN_CMD_SRCS)) $(AN_LIB)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -o $@ $^ $(AN_LIBS)

$(AN_SAN_BIN): $(call AN_objs,san,$(AN_CMD_SRCS)) $(AN_SAN_LIB)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -o $@ $^ $(AN_LIBS)

$(AN_OBJDIR)/plain/%.o: analyzer/%.c
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(AN_CPPFLAGS) -MMD -MP -c -o $@ $<

$(AN_OBJDIR)/san/%.o: analyzer/%.c
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) $(AN_CPPFLAGS) -MMD -MP -c -o $@ $<

-include $(patsubst %.o,%.d,$(call AN_objs,plain,$(AN_SRCS)) $(call AN_objs,san,$(AN_SRCS)))
