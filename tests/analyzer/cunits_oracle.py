#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Oracle for compileunits: each unit's code and static data, computed with pyelftools.

usage: cunits_oracle.py want FILE... > WANT-JSON     what pyelftools reads in each FILE
       cunits_oracle.py check ANALYZER-JSON WANT-JSON  the analyzer's compileunits of the same FILEs

For every compile unit: text = the sum of its address ranges (DW_AT_low_pc/high_pc or
DW_AT_ranges), vars = the bytes of its DW_TAG_variable DIEs that are definitions (no
DW_AT_declaration, no DW_AT_abstract_origin) at a static address (a location that is one
DW_OP_addr), at unit level, in namespaces and in functions and their blocks (not in inlined
bodies), sized by their type. check prints one line per mismatch; exit status 1 on any. The
two steps let the tests compute the pyelftools side once for both analyzer builds.
"""
import json
import sys

from elftools.common.exceptions import ELFRelocationError
from elftools.dwarf.descriptions import describe_form_class
from elftools.elf.elffile import ELFFile
from elftools.elf.relocation import RelocationHandler

# pyelftools 0.29 applies no TLS relocation; those only occur in the location expressions of
# thread-local variables, which no count here reads: leave them unapplied. It has no RISC-V or
# 32-bit PowerPC recipes either: those below follow the psABIs (RISC-V's ADD/SUB pairs make
# DW_AT_high_pc and range lengths from label differences). Any other relocation it cannot
# apply makes the file unreadable here: it is left out.
TLS = {"EM_X86_64": set(range(16, 22)), "EM_386": {14, 15, 16, 17, 32, 33, 34, 35, 36, 37},
       "EM_ARM": {17, 18, 19, 104, 105, 106, 107, 108}, "EM_AARCH64": set(range(512, 574)),
       "EM_MIPS": {38, 39, 40, 41}, "EM_PPC": set(range(67, 79)), "EM_PPC64": set(range(67, 79))}
# machine: {type: (bytes, how)}; how: "set" S + A, "add" V + S + A, "sub" V - S - A,
# "pcrel" S + A - P, "set6"/"sub6" the low 6 bits, "none" nothing to do.
RECIPES = {
    "EM_RISCV": {1: (4, "set"), 2: (8, "set"), 33: (1, "add"), 34: (2, "add"), 35: (4, "add"),
                 36: (8, "add"), 37: (1, "sub"), 38: (2, "sub"), 39: (4, "sub"), 40: (8, "sub"),
                 43: (0, "none"), 51: (0, "none"), 52: (1, "sub6"), 53: (1, "set6"),
                 54: (1, "set"), 55: (2, "set"), 56: (4, "set")},
    "EM_PPC": {1: (4, "set"), 26: (4, "pcrel")},
}
_apply = RelocationHandler._do_apply_relocation
unapplied = set()


def _apply_recipe(elf, stream, reloc, symtab, size, how):
    if how == "none":
        return
    sym = symtab.get_symbol(reloc["r_info_sym"])["st_value"] + reloc["r_addend"]
    order = "little" if elf.little_endian else "big"
    stream.seek(reloc["r_offset"])
    old = int.from_bytes(stream.read(size), order)
    mask = (1 << (8 * size)) - 1
    new = {"set": sym, "add": old + sym, "sub": old - sym, "pcrel": sym - reloc["r_offset"],
           "set6": (old & 0xc0) | (sym & 0x3f), "sub6": (old & 0xc0) | ((old - sym) & 0x3f)}[how]
    stream.seek(reloc["r_offset"])
    stream.write((new & mask).to_bytes(size, order))


def _apply_known(self, stream, reloc, symtab):
    machine = self.elffile["e_machine"]
    recipe = RECIPES.get(machine, {}).get(reloc["r_info_type"])
    if recipe and reloc.is_RELA():
        _apply_recipe(self.elffile, stream, reloc, symtab, *recipe)
        return
    try:
        _apply(self, stream, reloc, symtab)
    except ELFRelocationError:
        unapplied.add((machine, reloc["r_info_type"]))


RelocationHandler._do_apply_relocation = _apply_known

DW_OP_addr = 0x03
WALK = {"DW_TAG_subprogram", "DW_TAG_lexical_block", "DW_TAG_namespace", "DW_TAG_module"}


def attr_die(die, name):
    a = die.attributes.get(name)
    return die.get_DIE_from_attribute(name) if a else None


def type_size(t, depth=0):
    """Byte size of a type DIE, through typedefs, qualifiers and array dimensions."""
    if t is None or depth > 64:
        return None
    if "DW_AT_byte_size" in t.attributes and t.tag != "DW_TAG_array_type":
        return t.attributes["DW_AT_byte_size"].value
    if t.tag == "DW_TAG_array_type":
        elem = type_size(attr_die(t, "DW_AT_type"), depth + 1)
        if elem is None:
            return None
        n = 1
        for sub in t.iter_children():
            if sub.tag != "DW_TAG_subrange_type":
                continue
            if "DW_AT_count" in sub.attributes:
                n *= sub.attributes["DW_AT_count"].value
            elif "DW_AT_upper_bound" in sub.attributes:
                lo = sub.attributes.get("DW_AT_lower_bound")
                n *= sub.attributes["DW_AT_upper_bound"].value - (lo.value if lo else 0) + 1
            else:
                n = 0
        return elem * n
    if t.tag in ("DW_TAG_typedef", "DW_TAG_const_type", "DW_TAG_volatile_type",
                 "DW_TAG_restrict_type", "DW_TAG_atomic_type"):
        return type_size(attr_die(t, "DW_AT_type"), depth + 1)
    return None


def var_bytes(d):
    if "DW_AT_declaration" in d.attributes or "DW_AT_abstract_origin" in d.attributes:
        return 0
    loc = d.attributes.get("DW_AT_location")
    if not loc or loc.form not in ("DW_FORM_exprloc", "DW_FORM_block", "DW_FORM_block1",
                                   "DW_FORM_block2", "DW_FORM_block4"):
        return 0            # a location list: no single static address
    expr = loc.value
    if not expr or expr[0] != DW_OP_addr or len(expr) != 1 + d.cu["address_size"]:
        return 0
    t = attr_die(d, "DW_AT_type")
    if t is None and "DW_AT_specification" in d.attributes:
        t = attr_die(attr_die(d, "DW_AT_specification"), "DW_AT_type")
    return type_size(t) or 0


def walk(die):
    total = 0
    for child in die.iter_children():
        if child.tag == "DW_TAG_variable":
            total += var_bytes(child)
        if child.tag in WALK:
            total += walk(child)
    return total


def unit_text(dwarf, cu, top):
    if "DW_AT_ranges" in top.attributes:
        rl = dwarf.range_lists()
        ranges = rl.get_range_list_at_offset(top.attributes["DW_AT_ranges"].value, cu=cu)
        base = top.attributes["DW_AT_low_pc"].value if "DW_AT_low_pc" in top.attributes else 0
        total = 0
        for r in ranges:
            if hasattr(r, "begin_offset"):
                b, e = r.begin_offset, r.end_offset
                if not getattr(r, "is_absolute", False):
                    b, e = b + base, e + base
                total += max(0, e - b)
            elif hasattr(r, "base_address"):
                base = r.base_address
        return total
    lo, hi = top.attributes.get("DW_AT_low_pc"), top.attributes.get("DW_AT_high_pc")
    if not lo or not hi:
        return 0
    return hi.value if describe_form_class(hi.form) == "constant" else hi.value - lo.value


def want(path):
    """pyelftools' view of one file: {"file", "state": nodwarf|unreadable|dwarf5|units, "units"}."""
    with open(path, "rb") as f:
        elf = ELFFile(f)
        if not elf.has_dwarf_info():
            return {"file": path, "state": "nodwarf"}
        unapplied.clear()
        dwarf = elf.get_dwarf_info(relocate_dwarf_sections=True)
        if any(t not in TLS.get(m, ()) for m, t in unapplied):
            return {"file": path, "state": "unreadable"}
        if any(cu.header["version"] >= 5 for cu in dwarf.iter_CUs()):
            return {"file": path, "state": "dwarf5"}  # pyelftools 0.29 cannot read DWARF 5 range lists and strx
        units = []
        for cu in dwarf.iter_CUs():
            top = cu.get_top_DIE()
            if top.tag not in ("DW_TAG_compile_unit", "DW_TAG_partial_unit"):
                continue
            name = top.attributes.get("DW_AT_name")
            # pyelftools 0.29 reads no DW_FORM_strx name (None): the sizes still count
            units.append((name.value.decode(errors="replace") if name and name.value is not None
                          else None, unit_text(dwarf, cu, top), walk(top)))
        return {"file": path, "state": "units", "units": units}


def check(doc, wants):
    bad = checked = dwarf5 = unreadable = files = 0
    if [e["file"] for e in doc["files"]] != [w["file"] for w in wants]:
        print(f"files: ours {[e['file'] for e in doc['files']]} pyelftools {[w['file'] for w in wants]}")
        return 1
    for entry, wf in zip(doc["files"], wants):
        units = entry.get("compileunits") or []
        if wf["state"] == "nodwarf":
            if units:
                print(f"{entry['file']}: units but no DWARF")
                bad += 1
            continue
        if wf["state"] == "unreadable":
            unreadable += 1
            continue
        if wf["state"] == "dwarf5":
            dwarf5 += 1
            continue
        want = [tuple(u) for u in wf["units"]]
        files += 1
        got = [(w[0] if w[0] is None else u["name"], u["text"], u["vars"])
               for u, w in zip(units, want)] if len(units) == len(want) else \
              [(u["name"], u["text"], u["vars"]) for u in units]
        checked += len(got)
        if got != want:
            bad += 1
            for g, w in zip(got, want):
                if g != w:
                    print(f"{entry['file']}: ours {g} pyelftools {w}")
                    break
            else:
                print(f"{entry['file']}: {len(got)} units here, {len(want)} in pyelftools")
    print(f"# {checked} compile units compared in {files} files with DWARF"
          f"; left out, as pyelftools 0.29 cannot read them: {dwarf5} with DWARF 5, {unreadable}"
          f" with relocations it cannot apply")
    return 1 if bad else 0


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "want":
        json.dump([want(path) for path in sys.argv[2:]], sys.stdout)
        print()
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "check":
        return check(json.load(open(sys.argv[2])), json.load(open(sys.argv[3])))
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
