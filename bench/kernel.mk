# bench/kernel.mk: the analyzer on a whole kernel (issue 14): vmlinux, vmlinux.o and the build
# tree's objects of tests/kernel/linux.sh's cached tinyconfig build, against size, nm, llvm-nm,
# pahole and the kernel's scripts/bloat-o-meter; medians of BENCH_RUNS rounds in one process.

BENCHES += bench-kernel
bench-kernel: $(AN_BIN)
	$(Q)base=$$(bash tests/kernel/linux.sh vmlinux x86_64 base) && \
	change=$$(bash tests/kernel/linux.sh vmlinux x86_64 change) && \
	src=$$(bash tests/kernel/linux.sh src) || \
		{ echo "bench-kernel: SKIP: tests/kernel/linux.sh could not provide the kernel builds"; exit 0; }; \
	/usr/bin/python3 bench/kernel-bench.py $(abspath $(AN_BIN)) "$$base" "$$change" "$$src" $(AN_BENCH_LIB)

# The stack pass on that vmlinux beside the kernel's scripts/checkstack.pl (issue 28).
BENCHES += bench-stack
bench-stack: $(AN_BIN)
	$(Q)base=$$(bash tests/kernel/linux.sh vmlinux x86_64 base) && \
	src=$$(bash tests/kernel/linux.sh src) || \
		{ echo "bench-stack: SKIP: tests/kernel/linux.sh could not provide the kernel builds"; exit 0; }; \
	/usr/bin/python3 bench/kernel-bench.py --stack $(abspath $(AN_BIN)) "$$base" "$$src"
