int x;
#ifdef CONFIG_CRLF
#endif
