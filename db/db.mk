# db/db.mk: record the build matrix into the history database and test the db layer.
