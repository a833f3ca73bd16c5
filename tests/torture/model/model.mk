# tests/torture/model/model.mk: the Promela model of Tiny RCU, checked exhaustively by spin (`make test-model`).
test-model:
	$(Q)sh tests/tap.sh $@ -c sh tests/torture/model/t4100-spin.sh $(BUILD)/model "$(HOST_CC)"

TESTS += test-model
