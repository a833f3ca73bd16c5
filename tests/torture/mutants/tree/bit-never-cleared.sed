# mutant: a CPU's own QS report never clears its bit (only forcing can, for idle or offline CPUs)
# source: tree/rcutree.c
# scenarios: TT4x2-pz TREE05 TT1x4-z
# catches: O5 (liveness: the GP never ends); also named: O8 (the stall warning names the CPUs, the GP never ends), O5 liveness
/^static void cpu_quiet(/,/^}/{
s/^	cpu_quiet_msk(mask, rsp, rnp, flags); \/\* releases rnp->lock \*\/$/	if (cpu != smp_processor_id()) cpu_quiet_msk(mask, rsp, rnp, flags); else spin_unlock_irqrestore(\&rnp->lock, flags);/
}
