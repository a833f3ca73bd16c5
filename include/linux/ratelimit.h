/* SPDX-License-Identifier: GPL-2.0 */
/* Rate-limited warnings: at most @burst messages per @interval jiffies (2.6.29 ratelimit.h). */
#ifndef _LINUX_RATELIMIT_H
#define _LINUX_RATELIMIT_H

#include <linux/kernel.h>

/* One limiter; its counters are updated by __ratelimit() (lib/ratelimit.c). */
struct ratelimit_state {
	int interval; /* window length in jiffies */
	int burst; /* messages allowed per window */
	int printed; /* messages let through in this window */
	int missed; /* messages suppressed in this window */
	unsigned long begin; /* jiffies at the start of the window */
};

#define DEFINE_RATELIMIT_STATE(name, interval_init, burst_init) \
	struct ratelimit_state name = {                         \
		.interval = (interval_init),                    \
		.burst = (burst_init),                          \
	}

/* lib/ratelimit.c: undefined in the objects; nonzero if this message may be printed. */
int __ratelimit(struct ratelimit_state *rs);

#define WARN_ON_RATELIMIT(condition, state) WARN_ON((condition) && __ratelimit(state))

#endif /* _LINUX_RATELIMIT_H */
