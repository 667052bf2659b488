class aaa::bb() {}
