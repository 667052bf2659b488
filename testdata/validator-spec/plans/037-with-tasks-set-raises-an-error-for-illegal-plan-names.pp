plan aaa() {}
