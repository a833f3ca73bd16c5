# SPDX-License-Identifier: GPL-2.0
"""One vocabulary of architecture names, whatever says it: an ELF header, a build record, a toml.

Names follow the kernel's ARCH where it has one (`arm64`, `powerpc`, `mips`), with the word size
spelled out where one ARCH covers both (`i386`/`x86_64`, `riscv64`, `powerpc64`, `mips64`).
"""

# Every spelling met in build records, toolchain triples, Debian and uname, lower case.
ALIASES = {
    "386": "i386", "i486": "i386", "i586": "i386", "i686": "i386", "ia32": "i386",
    "x86": "i386", "x86_32": "i386", "intel 80386": "i386",
    "amd64": "x86_64", "x86-64": "x86_64", "x64": "x86_64", "advanced micro devices x86-64": "x86_64",
    "aarch64": "arm64", "armv8": "arm64", "arm64be": "arm64",
    "armel": "arm", "armhf": "arm", "armv7": "arm", "armv7l": "arm", "armv6": "arm", "thumb": "arm",
    "riscv": "riscv64", "rv64": "riscv64", "rv32": "riscv32",
    "ppc": "powerpc", "powerpcspe": "powerpc", "ppc32": "powerpc",
    "ppc64": "powerpc64", "ppc64le": "powerpc64", "ppc64el": "powerpc64", "powerpc64le": "powerpc64",
    "mipsel": "mips", "mips32": "mips", "mips64el": "mips64",
    "s390x": "s390", "sparc64": "sparc", "sh4": "sh", "loongarch64": "loongarch",
}

# ELF e_machine (as the analyzer prints it) -> name; a (32, 64) pair where the class decides.
MACHINES = {
    "EM_386": "i386", "EM_IAMCU": "i386", "EM_X86_64": ("x86_64", "x86_64"),
    "EM_ARM": "arm", "EM_AARCH64": "arm64",
    "EM_RISCV": ("riscv32", "riscv64"),
    "EM_PPC": "powerpc", "EM_PPC64": "powerpc64",
    "EM_MIPS": ("mips", "mips64"), "EM_MIPS_RS3_LE": "mips",
    "EM_S390": "s390", "EM_SPARC": "sparc", "EM_SPARCV9": "sparc", "EM_SH": "sh",
    "EM_LOONGARCH": "loongarch", "EM_XTENSA": "xtensa", "EM_ARC": "arc", "EM_ARCV2": "arc",
    "EM_68K": "m68k", "EM_SPARC32PLUS": "sparc", "EM_IA_64": "ia64", "EM_BPF": "bpf",
    "EM_OPENRISC": "openrisc", "EM_PARISC": "parisc", "EM_ALPHA": "alpha",
    "EM_MICROBLAZE": "microblaze", "EM_NIOS32": "nios2", "EM_CSKY": "csky",
}


def normalize(name):
    """The one name of an architecture given any spelling of it ('-' stays '-')."""
    if name is None:
        return "-"
    key = str(name).strip().lower()
    if not key:
        return "-"
    return ALIASES.get(key, key)


def from_elf(machine, elf_class=None):
    """The name for an ELF e_machine (EM_ARM, or the bare ARM) and class (32 or 64)."""
    if not machine:
        return "-"
    m = str(machine).upper()
    if not m.startswith("EM_"):
        m = "EM_" + m
    name = MACHINES.get(m)
    if isinstance(name, tuple):
        return name[1] if elf_class == 64 else name[0]
    if name:
        return name
    return normalize(m[3:])
