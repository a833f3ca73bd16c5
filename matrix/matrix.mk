# matrix/matrix.mk: expand the build matrix into build/<arch>/<cc>/<scenario>/ objects.
