# analyzer/analyzer.mk: build bin/bloatwatch-analyze (plain and ASan/UBSan) and test it against the oracles.
#
# Sources are every analyzer/*.c: the DWARF extractor (analyzer/structs*.c, the structs
# helper's files) joins the build by existing; no list to edit. Libraries the extractor needs
# go on AN_LIBS below.

AN_SRCS     := $(sort $(wildcard analyzer/*.c))
AN_OBJDIR   := $(BUILD)/analyzer
AN_PLAIN    := $(patsubst analyzer/%.c,$(AN_OBJDIR)/plain/%.o,$(AN_SRCS))
AN_SANOBJS  := $(patsubst analyzer/%.c,$(AN_OBJDIR)/san/%.o,$(AN_SRCS))
AN_BIN      := $(BIN)/bloatwatch-analyze
AN_SAN_BIN  := $(AN_OBJDIR)/san/bloatwatch-analyze
# Libraries: libelf for ELF, libdw/libdwfl for DWARF (structs*.c). Add more here.
AN_LIBS     := -ldw -lelf -lz
AN_CPPFLAGS := -Ianalyzer
AN_CLANG    ?= clang

.PHONY: analyzer analyzer-san
analyzer: $(AN_BIN)
analyzer-san: $(AN_SAN_BIN)

$(AN_BIN): $(AN_PLAIN)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -o $@ $^ $(AN_LIBS)

$(AN_SAN_BIN): $(AN_SANOBJS)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -o $@ $^ $(AN_LIBS)

$(AN_OBJDIR)/plain/%.o: analyzer/%.c
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(AN_CPPFLAGS) -MMD -MP -c -o $@ $<

$(AN_OBJDIR)/san/%.o: analyzer/%.c
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) $(AN_CPPFLAGS) -MMD -MP -c -o $@ $<

-include $(AN_PLAIN:.o=.d) $(AN_SANOBJS:.o=.d)

# The DWARF struct extractor's tests (pahole oracle, malformed DWARF, fuzzing).
include tests/analyzer/structs/structs.mk
