class aaa() {}
