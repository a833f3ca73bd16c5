# matrix/matrix.mk: build the matrix (build/<arch>/<cc>/<scenario>/), its manifest and analyses.
#
# matrix/gen.py turns the data and the compilers installed into explicit rules in
# $(BUILD)/matrix.gen.mk (docs/matrix.md says what it reads and writes). For other fragments:
# MATRIX_OBJS (every object), MATRIX_COORDS (arch/cc/scenario), MATRIX_MANIFEST (build/matrix.json,
# written by `objects`), MATRIX_JSON (the analyses, `analysis`); matrix/stage.sh prints a stage line.

BW_CACHE ?= $(or $(BLOATWATCH_CACHE),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/bloatwatch)
MATRIX_DATA := Kconfig matrix/ARCHES matrix/COMPILERS matrix/CFLAGS matrix/CFLIST matrix/CFcommon \
	matrix/Kbuild $(wildcard matrix/scenarios/*) matrix/gen.py matrix/resolve.py .ci/packages
# A change to the compile script rebuilds every object; a changed compiler command or version
# rebuilds that compiler's objects ($(BUILD)/compilers/<arch>-<cc>, written by gen.py).
MATRIX_DEPS := matrix/cc.sh
# Coordinates left out on purpose, as ARCH/COMPILER pairs ("mips/gcc arm/clang"); the manifest
# lists them. A compiler that is neither installed nor excluded fails the build.
MATRIX_EXCLUDE ?=
MATRIX_MANIFEST := $(BUILD)/matrix.json
MATRIX_ANALYZER ?= $(BIN)/bloatwatch-analyze
# ccache (Debian's) in $(BW_CACHE)/ccache, capped; MATRIX_CCACHE= builds without it. Depend mode
# (docs/matrix.md): a miss compiles once, without a separate preprocessor run.
ifeq ($(origin MATRIX_CCACHE),undefined)
MATRIX_CCACHE := $(CCACHE_FOUND)
endif
MATRIX_CCACHE_DIR ?= $(BW_CACHE)/ccache
MATRIX_CCACHE_SIZE ?= 2G
# Every compile's ccache result (its stats log); matrix/ccache-stats.sh sums this make's part.
MATRIX_STATSLOG ?= $(BUILD)/ccache-stats.log
# The stage lines' start and logs' sizes when this make started (across its restarts), if it reads rules.
MATRIX_START := $(if $(filter 1,$(BW_GENERATED)),$(if $(MAKE_RESTARTS),,$(shell mkdir -p $(BUILD); { date +%s.%N; \
	for f in $(MATRIX_STATSLOG) $(BUILD)/analysis.log; do stat -c %s $$f 2>/dev/null || echo 0; done; } \
	> $(BUILD)/make.start))$(file <$(BUILD)/make.start))
MATRIX_T0 := $(word 1,$(MATRIX_START))
MATRIX_LOG0 := $(word 2,$(MATRIX_START))
MATRIX_ALOG0 := $(word 3,$(MATRIX_START))

# The installed compilers, kconfiglib and MATRIX_EXCLUDE ($(BUILD)/matrix.env), rewritten only
# when they change: installing a cross compiler (make deps) regenerates the rules in the next
# make. gen.py looks again only when a folder of PATH or PYTHONPATH (or Debian's Python
# packages), a compiler it found or one of those variables ($(BUILD)/matrix.vars) changed.
MATRIX_VARS := $(PYTHON) $(PATH) $(PYTHONPATH) exclude $(sort $(MATRIX_EXCLUDE))
ifeq ($(BW_GENERATED),1)
ifneq ($(file <$(BUILD)/matrix.vars),$(MATRIX_VARS))
$(shell mkdir -p $(BUILD))$(file >$(BUILD)/matrix.vars,$(MATRIX_VARS))
endif
endif
MATRIX_ENV_RUN = t=$(BUILD)/matrix.env.tmp$$$$; MATRIX_EXCLUDE='$(MATRIX_EXCLUDE)' $(PYTHON) matrix/gen.py \
	env $(BUILD)/matrix.env > $$t 2>/dev/null || echo "python: $(PYTHON) cannot run matrix/gen.py" > $$t; \
	$(call replace_changed,$$t,$(BUILD)/matrix.env)
$(eval $(call stamp_rule,$(BUILD)/matrix.env,$(BUILD)/matrix.vars matrix/gen.py matrix/ARCHES \
	matrix/COMPILERS $(wildcard $(subst :, ,$(PATH):$(PYTHONPATH)) /usr/lib/python3/dist-packages \
	$(filter /%,$(file <$(BUILD)/matrix.env))),$$(MATRIX_ENV_RUN)))

# Generation never fails the parse (make deps must still run on a fresh machine): an error
# becomes MATRIX_GEN_ERROR, reported by whatever needs the objects.
$(BUILD)/matrix.gen.mk: $(MATRIX_DATA) $(BUILD)/matrix.env
	$(Q)$(PYTHON) matrix/gen.py objects $(BUILD) 2> $@.err$$$$ || \
		sh matrix/gen-failed.sh MATRIX $@.err$$$$ > $@; rm -f $@.err$$$$; touch $@

# $(call matrix_cc,arch,compiler,PREFIX[,SAME]): compile $@ from $< (or copy SAME) and write its record
define matrix_cc
	$(call v_echo,  CC      $@)
	$(Q)MATRIX_CCACHE=$(MATRIX_CCACHE) CCACHE_DIR=$(MATRIX_CCACHE_DIR) CCACHE_BASEDIR=$(CURDIR) \
		CCACHE_DEPEND=1 CCACHE_MAXSIZE=$(MATRIX_CCACHE_SIZE) CCACHE_STATSLOG=$(abspath $(MATRIX_STATSLOG)) \
		BW_CC_VERSION=$($(3)_VER_$(1)_$(2)) BW_SAME=$(4) sh matrix/cc.sh $@ $< $($(3)_CMD_$(1)_$(2))
endef

ifeq ($(BW_GENERATED),1)
include $(BUILD)/matrix.gen.mk
endif
-include matrix/sweep.mk

# What matrix/gen-failed.sh puts in place of the objects when generation failed.
.PHONY: matrix-gen-error sweep-gen-error
matrix-gen-error sweep-gen-error: %-gen-error:
	@echo '$(subst ','\'',$(if $(filter matrix,$*),$(MATRIX_GEN_ERROR),$(SWEEP_GEN_ERROR)))' >&2; exit 1

$(MATRIX_MANIFEST): $(BUILD)/matrix.json.in $(MATRIX_OBJS)
	$(Q)cp $< $@

.PHONY: objects matrix-list
MATRIX_SUMMARY = $(words $(MATRIX_OBJS))/$(words $(MATRIX_OBJS)) objects up to date in \
	$(words $(MATRIX_COORDS)) coordinates$(if $(MATRIX_EXCLUDED), (excluded: $(MATRIX_EXCLUDED)))
MATRIX_CCACHE_RUN = $(if $(MATRIX_CCACHE),$$(sh matrix/ccache-stats.sh --since $(MATRIX_LOG0) \
	$(MATRIX_STATSLOG)),ccache not used)
# The objects are named here too: under the top Makefile's .SECONDARY, a missing object
# behind only the (existing) manifest would not be rebuilt.
objects: $(MATRIX_OBJS) $(MATRIX_MANIFEST)
	@sh matrix/stage.sh matrix $(MATRIX_T0) "$(MATRIX_SUMMARY); $(MATRIX_CCACHE_RUN)"

# The coordinates, one per line: for scripts and later stages.
matrix-list:
	@printf '%s\n' $(MATRIX_COORDS)

# ---- analysis: <obj>.json = bloatwatch-analyze all --json <obj>, beside every object (the sweep's too) ----
MATRIX_JSON := $(addsuffix .json,$(filter %.o,$(MATRIX_OBJS)))
# The record is written with its object.
$(addsuffix .cmd,$(filter %.o,$(MATRIX_OBJS) $(SWEEP_OBJS))): %.cmd: % ;
$(MATRIX_JSON) $(SWEEP_JSON): %.json: % %.cmd $(MATRIX_ANALYZER)
	$(Q)$(MATRIX_ANALYZER) all --json $< > $@.tmp && mv $@.tmp $@ && echo $@ >> $(BUILD)/analysis.log

.PHONY: analysis
MATRIX_ANALYSIS_RUN = $$(tail -c +$$(($(MATRIX_ALOG0) + 1)) $(BUILD)/analysis.log 2>/dev/null | wc -l)
analysis: $(MATRIX_JSON) $(MATRIX_MANIFEST)
	@sh matrix/stage.sh analysis $(MATRIX_T0) \
		"$(words $(MATRIX_JSON))/$(words $(MATRIX_JSON)) analyses up to date; $(MATRIX_ANALYSIS_RUN) written"

# ---- menuconfig: explore Kconfig from a scenario (make menuconfig SCENARIO=TINY02 [ARCH=i386]) ----
MENUCONFIG_DIR = $(BUILD)/menuconfig/$(or $(ARCH),x86_64)/$(SCENARIO)
.PHONY: menuconfig
menuconfig:
	@test -n "$(SCENARIO)" || { echo "menuconfig: give SCENARIO=<name of matrix/scenarios/>" >&2; exit 1; }
	$(Q)$(PYTHON) matrix/resolve.py --arch $(or $(ARCH),x86_64) matrix/scenarios/$(SCENARIO) $(MENUCONFIG_DIR)
	$(Q)ARCH=$(or $(ARCH),x86_64) KCONFIG_CONFIG=$(MENUCONFIG_DIR)/config $(PYTHON) -m menuconfig Kconfig
	$(Q)ARCH=$(or $(ARCH),x86_64) KCONFIG_CONFIG=$(MENUCONFIG_DIR)/config \
		$(PYTHON) -m savedefconfig --kconfig Kconfig --out $(MENUCONFIG_DIR)/fragment >/dev/null
	@echo "menuconfig: $(MENUCONFIG_DIR)/config; as a scenario fragment: $(MENUCONFIG_DIR)/fragment"
