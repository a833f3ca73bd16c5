# analyzer/analyzer.mk: build bin/bloatwatch-analyze and test it against the oracles.
