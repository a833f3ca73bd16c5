# reports/kernel.mk: `make kernel-report` records Linux 6.1 and 6.12 (Debian's linux-source
# packages) per arch as releases beside this checkout's HEAD and renders one report of them
# (reports/kernel.sh, docs/kernel-report.md). Not part of `make test` or CI.
#
#   make kernel-report [KERNEL_ARCHS="x86_64 i386 arm arm64 riscv64"] [KERNEL_CONFIGS="tiny smp"]
#                      [KERNEL_VMLINUX_ARCHS="x86_64": arches that link vmlinux; all; none: ""]
#
# Two makes, as `make report`: the first installs packages (.ci/packages, then
# reports/kernel-packages) without reading the generated rules, the second builds the matrix
# and the analyzer (the article's own figures) and runs the script.

KERNEL_ARCHS   ?= x86_64 i386 arm arm64 riscv64
KERNEL_CONFIGS ?= tiny smp
# vmlinux for x86_64 only: every arch's would take a cold run past 45 minutes (docs/kernel-report.md).
KERNEL_VMLINUX_ARCHS ?= x86_64

.PHONY: kernel-report kernel-report-build
kernel-report: deps
	$(Q)sh .ci/deps reports/kernel-packages
	$(Q)$(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(REPORT_JOBS)) kernel-report-build

kernel-report-build: objects analysis analyzer
	$(Q)PYTHON=$(PYTHON) KERNEL_CONFIGS="$(KERNEL_CONFIGS)" KERNEL_VMLINUX_ARCHS="$(KERNEL_VMLINUX_ARCHS)" reports/kernel.sh $(KERNEL_ARCHS)
