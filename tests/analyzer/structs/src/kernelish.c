// SPDX-License-Identifier: GPL-2.0
/* Struct-layout fixture: kernel-like RCU and list structures, the shapes Bloatwatch measures.
 * Built by tests/analyzer/structs/structs.mk like nasty.c. */
struct list_head {
	struct list_head *next, *prev;
};

struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
} __attribute__((aligned(sizeof(void *))));
#define rcu_head callback_head

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	volatile unsigned int slock;
} spinlock_t;

struct rcu_ctrlblk {
	struct rcu_head *rcucblist;
	struct rcu_head **donetail;
	struct rcu_head **curtail;
	long completed;
};

struct rcu_node {
	spinlock_t lock;
	unsigned long gpnum;
	unsigned long completed;
	unsigned long qsmask;
	unsigned long expmask;
	unsigned long qsmaskinit;
	unsigned long grpmask;
	int grplo;
	int grphi;
	unsigned char grpnum;
	unsigned char level;
	struct rcu_node *parent;
	struct list_head blocked_tasks[4];
} __attribute__((aligned(64)));

struct rcu_data {
	unsigned long completed;
	unsigned long gpnum;
	unsigned long passed_quiesc_completed;
	char passed_quiesc;
	char qs_pending;
	char beenonline;
	char preemptable;
	struct rcu_node *mynode;
	unsigned long grpmask;
	struct rcu_head *nxtlist;
	struct rcu_head **nxttail[4];
	long qlen;
	long qlen_last_fqs_check;
	unsigned long n_force_qs_snap;
	long blimit;
	int dynticks_snap;
	int dynticks_nmi_snap;
	unsigned long dynticks_fqs;
	unsigned long offline_fqs;
	unsigned long resched_ipi;
	unsigned long n_rcu_pending;
	unsigned long n_rp_qs_pending;
	unsigned long n_rp_cb_ready;
	unsigned long n_rp_cpu_needs_gp;
	unsigned long n_rp_gp_completed;
	unsigned long n_rp_gp_started;
	unsigned long n_rp_need_fqs;
	unsigned long n_rp_need_nothing;
	int cpu;
};

struct rcu_state {
	struct rcu_node node[5];
	struct rcu_node *level[3];
	unsigned int levelcnt[3];
	unsigned char levelspread[3];
	struct rcu_data *rda[4];
	unsigned char signaled;
	long gpnum;
	long completed;
	spinlock_t onofflock;
	struct rcu_head *orphan_cbs_list;
	struct rcu_head **orphan_cbs_tail;
	long orphan_qlen;
	spinlock_t fqslock;
	unsigned long jiffies_force_qs;
	unsigned long n_force_qs;
	unsigned long n_force_qs_lh;
	unsigned long n_force_qs_ngp;
	unsigned long gp_start;
	unsigned long jiffies_stall;
};

struct timer_list {
	struct list_head entry;
	unsigned long expires;
	void (*function)(unsigned long);
	unsigned long data;
	unsigned int flags:20, cpu:10, migrate:1, deferrable:1;
	int slack;
	atomic_t refs;
	char comm[16];
	unsigned short pid;
	char state;
};

struct rcu_ctrlblk rcu_ctrlblk;
struct rcu_state rcu_state;
struct rcu_data rcu_data[2];
struct timer_list timer;
atomic_t cnt;
