# mutant: a CPU clears its bit and may end the batch without taking the control block's lock
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC14
# catches: ThreadSanitizer (races on the mask and the batch numbers), O2/E
/^static void rcu_check_quiescent_state/,/^}/{
s/^	spin_lock_irqsave(&rcp->lock, flags);$/	local_irq_save(flags);/
s/^	spin_unlock_irqrestore(&rcp->lock, flags);$/	local_irq_restore(flags);/
}
