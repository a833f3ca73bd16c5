# tests/torture/model/model.mk: the Promela model of Tiny RCU, checked exhaustively by spin (`make test-model`).
.PHONY: test-model
test-model:
	$(Q)sh tests/torture/model/run.sh $(BUILD)/model "$(HOST_CC)"

TESTS += test-model
