# tests/cli/cli.mk: the command line on real Linux 6.1 trees and a synthetic project (pytest).
#
#   make test-cli   init, record, configcost, track and report on tests/kernel/linux.sh's
#                   fixtures (cached under $BW_CACHE/kernel; configcost's builds under
#                   $BW_CACHE/configcost) and on a small make project

.PHONY: test-cli
test-cli: analyzer
	$(Q)sh tests/tap.sh $@ -p $(PYTHON) -m pytest -q -p no:cacheprovider -rs tests/cli

TESTS += test-cli
