# reports/reports.mk: generate the text, Markdown and HTML reports from the history database.
