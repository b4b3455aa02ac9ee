def selftest(checks):
    pass
GOLDEN_FILES = []
