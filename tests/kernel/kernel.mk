# tests/kernel/kernel.mk: `make kernel-fixtures` builds (or finds cached) every Linux 6.1 fixture of
# tests/kernel/linux.sh; `make test-kernel-fixtures` checks them. Neither is part of `make test`.

KERNEL_ARCHES ?= x86_64 i386 arm arm64 riscv64 powerpc mips

.PHONY: kernel-fixtures test-kernel-fixtures
kernel-fixtures:
	$(Q)tests/kernel/linux.sh src >/dev/null
	$(Q)for a in $(KERNEL_ARCHES); do tests/kernel/linux.sh rcu $$a >/dev/null || exit 1; done
	$(Q)tests/kernel/linux.sh vmlinux x86_64 base >/dev/null
	$(Q)tests/kernel/linux.sh vmlinux x86_64 change >/dev/null
	$(Q)tests/kernel/linux.sh history >/dev/null

test-kernel-fixtures:
	$(Q)tests/kernel/t0001-fixtures.sh $(KERNEL_ARCHES)
