# reports/reports.mk: generate the text, Markdown and HTML reports from the history database.
#
# Placeholder until the reports stage exists: `make report` builds the matrix and prints
# the footprint table of what is built (the same table as `make bench-footprint`).
.PHONY: report
report: deps objects
	$(Q)sh bench/footprint.sh $(BUILD) $(MATRIX_COORDS)
