#ifdef CONFIG_REAL
#endif
