#!/bin/sh
# Build large objects with DWARF from sources every machine of the project has (llvm-14-dev's
# headers, see .ci/packages): one C++ unit pulling in LLVM's IR, analysis, codegen and object
# headers, unused types kept. ~11 MB, thousands of structs and classes.
# usage: bigdwarf.sh OUTDIR  -> OUTDIR/bigdwarf-gcc.o (g++, DWARF 5), OUTDIR/bigdwarf-clang.o (clang++, DWARF 4)
set -eu
out=$1
mkdir -p "$out"
cat >"$out/bigdwarf.cpp" <<'SRC'
#include "llvm/IR/Module.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include <map>
#include <string>
#include <vector>
int bigdwarf_anchor(llvm::Module &m) { return (int)m.size(); }
SRC
inc=-I/usr/lib/llvm-14/include
g++ -std=c++17 -g -gdwarf-5 -O0 -fno-eliminate-unused-debug-types -w $inc -c "$out/bigdwarf.cpp" -o "$out/bigdwarf-gcc.o"
clang++ -std=c++17 -g -gdwarf-4 -O0 -fstandalone-debug -w $inc -c "$out/bigdwarf.cpp" -o "$out/bigdwarf-clang.o"
