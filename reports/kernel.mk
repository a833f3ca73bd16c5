# reports/kernel.mk: `make kernel-report` records Linux 6.1 and 6.12 (Debian's linux-source
# packages) per arch as releases beside this checkout's HEAD and renders one report of them
# (reports/kernel.sh, docs/kernel-report.md). Not part of `make test` or CI.
#
#   make kernel-report [KERNEL_ARCHS="x86_64 i386 arm arm64 riscv64"] [KERNEL_CONFIGS="tiny smp"]
#                      [KERNEL_VMLINUX_ARCHS="x86_64": arches that link vmlinux; all; none: ""]
#
# One make, as `make report`; reports/kernel-packages (no compiler) is installed after the matrix.

KERNEL_ARCHS   ?= x86_64 i386 arm arm64 riscv64
KERNEL_CONFIGS ?= tiny smp
# vmlinux for x86_64 only: every arch's would take a cold run past 45 minutes (docs/kernel-report.md).
KERNEL_VMLINUX_ARCHS ?= x86_64

.PHONY: kernel-report
kernel-report: objects analysis analyzer
	$(Q)sh .ci/deps reports/kernel-packages
	$(Q)PYTHON=$(PYTHON) KERNEL_CONFIGS="$(KERNEL_CONFIGS)" KERNEL_VMLINUX_ARCHS="$(KERNEL_VMLINUX_ARCHS)" reports/kernel.sh $(KERNEL_ARCHS)
